import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { buildUser, cookieFor } from '../test/factories.ts';

const t = setupTestApp();

const putProfile = async (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('PUT /api/profile', () => {
  it('needs a signed-in user', async () => {
    const res = await putProfile({ displayName: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('updates display name and bio, trimmed, and answers the user', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const res = await putProfile({ displayName: '  Ada L.  ', bio: ' Hello ' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, displayName: 'Ada L.', bio: 'Hello' });
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(again.json()).toMatchObject({ displayName: 'Ada L.', bio: 'Hello' });
  });

  it('clears a field sent empty and keeps one left out', async () => {
    const user = await buildUser(t.database.db, { displayName: 'Keep', bio: 'Old bio' });
    const cookie = await cookieFor(t.app, user);
    const res = await putProfile({ bio: '   ' }, cookie);
    expect(res.json()).toMatchObject({ displayName: 'Keep', bio: null });
  });

  it('enforces the bounds and stores nothing on a refusal', async () => {
    const user = await buildUser(t.database.db, { displayName: 'Before' });
    const cookie = await cookieFor(t.app, user);
    const long = await putProfile({ displayName: 'x'.repeat(101), bio: 'fine' }, cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Display name must be at most 100 characters');
    const longBio = await putProfile({ bio: 'x'.repeat(501) }, cookie);
    expect(longBio.statusCode).toBe(400);
    expect((await putProfile({ displayName: 'x'.repeat(100) }, cookie)).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().bio).toBeNull();
  });

  it('accepts only displayName, bio and profileImageUrl', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    for (const payload of [{ email: 'x@y.z' }, { plan: 'pro' }, { displayName: 42 }, []]) {
      const res = await putProfile(payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('does not let a client point its picture at an arbitrary object', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const res = await putProfile({ profileImageUrl: '/objects/someone-elses-upload' }, cookie);
    expect(res.statusCode).toBe(400);
    expect((await putProfile({ profileImageUrl: null }, cookie)).statusCode).toBe(200);
  });
});
