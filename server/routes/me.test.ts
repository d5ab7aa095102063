// "Download my data" (issue 26): GET /api/me/export streams a ZIP of the user's profile, memberships, posts,
// comments, reactions, messages sent and received, join requests and files, and nothing of anyone else's.

import { describe, expect, it } from 'vitest';
import { expectFullExport, parseEntry as parse, seedExportAccount, unzip } from '../test/export-fixture.ts';
import { buildPost, buildThreadline, callerFor, signedInUser } from '../test/factories.ts';
import { STORAGE_BACKENDS, setupStorageApp } from '../test/uploads.ts';

describe.each(STORAGE_BACKENDS)('export on %s storage', (backend) => {
  const t = setupStorageApp(backend);

  it("holds every kind of the user's rows and files, and nothing of other people's", async () => {
    const seeded = await seedExportAccount(t.app);
    const { ada } = seeded;
    const res = await ada.as.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="threadline-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expectFullExport(await unzip(res.rawPayload), seeded);
  });
});

describe('export', () => {
  const t = setupStorageApp('local');
  it('needs a signed-in user and is limited to 5 an hour', async () => {
    expect((await callerFor(t.app).get('/api/me/export')).statusCode).toBe(401);
    const ada = await signedInUser(t.app);
    for (let i = 0; i < 5; i++) expect((await ada.as.get('/api/me/export')).statusCode).toBe(200);
    const sixth = await ada.as.get('/api/me/export');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().retryAfter).toBeGreaterThan(0);
  });

  it('an account with more rows than a page exports them all, in order', async () => {
    const ada = await signedInUser(t.app);
    const club = await buildThreadline(t.app.db, ada.user);
    const created = new Date('2026-01-01T00:00:00Z').getTime();
    for (let i = 0; i < 1203; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, 1203 - i) }, (_, j) =>
          // Pairs share a timestamp: the keyset's id breaks the tie.
          buildPost(t.app.db, club, ada.user, {
            content: `post ${i + j}`,
            createdAt: new Date(created + Math.floor((i + j) / 2) * 1000),
          }),
        ),
      );
    }
    const entries = await unzip((await ada.as.get('/api/me/export')).rawPayload);
    const posts = parse(entries, 'posts.json') as { id: string; createdAt: string }[];
    expect(posts).toHaveLength(1203);
    expect(new Set(posts.map((p) => p.id)).size).toBe(1203);
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
