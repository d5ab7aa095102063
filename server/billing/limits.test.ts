import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, buildUser, signedInUser } from '../test/factories.ts';

describe('BILLING_PROVIDER=off: no plans, no limits', () => {
  const t = setupTestApp({ BILLING_PROVIDER: 'off' });

  it('creates past the free threadline limit and joins past the member limit', async () => {
    const ada = await signedInUser(t.app);
    for (let i = 0; i < 11; i++)
      expect((await ada.as.post('/api/timelines', { name: `T${i}` })).statusCode).toBe(201);
    const timeline = await buildThreadline(t.app.db, ada.user);
    for (let i = 0; i < 10; i++) await addMember(t.app.db, timeline, await buildUser(t.app.db));
    const bob = await signedInUser(t.app);
    expect((await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status).toBe(
      'joined',
    );
    expect((await ada.as.get('/api/subscription/status')).statusCode).toBe(404);
  });
});
