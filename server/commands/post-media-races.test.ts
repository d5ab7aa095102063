// Posts racing for uploads (issue 10; DECISIONS §3, §7): createPost locks the upload rows FOR UPDATE in the
// post's transaction, so of many posts naming the same upload exactly one gets it, overlapping galleries
// never deadlock or share an upload, and a post racing its own deletion never leaves a file behind. On
// PostgreSQL the requests really interleave; on PGlite they run one at a time, which still checks answers.
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { posts, uploads } from '../db/schema/index.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import { storageUsed, storedUpload, uploadRows } from '../test/stored-uploads.ts';
import { setupStorageApp } from '../test/uploads.ts';
import { MEDIA_MESSAGES } from './post-media.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const PARALLEL = onPostgres ? 40 : 12;

const t = setupStorageApp('local');

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  const tl2 = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user);
  await addMember(t.app.db, tl2, pat.user);
  return { owner, pat, tl, tl2 };
}

/** A deterministic shuffle, so a failing round can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('posts racing for uploads', () => {
  it('dozens of posts naming one upload: exactly one 201, the others 409; one post holds it', async () => {
    for (let round = 0; round < 3; round++) {
      const { pat, tl, tl2 } = await cast();
      const up = await storedUpload(t.app, pat.user.id);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          pat.as.post('/api/posts', {
            timelineId: i % 2 ? tl.id : tl2.id,
            type: 'image',
            content: `try ${i}`,
            mediaUrl: up.path,
          }),
        ),
      );
      noServerErrors(answers);
      const won = answers.filter((r) => r.statusCode === 201);
      expect(won).toHaveLength(1);
      for (const r of answers.filter((a) => a.statusCode !== 201)) {
        expect([r.statusCode, r.json().message]).toEqual([409, MEDIA_MESSAGES.taken]);
      }
      const holders = await t.app.db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.timelineId, [tl.id, tl2.id]));
      expect(holders.map((h) => h.id)).toEqual([won[0]!.json().id]);
      const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, up.row.id));
      expect(row).toMatchObject({ status: 'attached', postId: won[0]!.json().id });
    }
  });

  it('overlapping galleries in different orders: no deadlock, no upload in two posts', async () => {
    const { pat, tl } = await cast();
    const ups: Awaited<ReturnType<typeof storedUpload>>[] = [];
    for (let i = 0; i < 16; i++) ups.push(await storedUpload(t.app, pat.user.id));
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => {
        const picked = shuffled(ups, i + 1).slice(0, 2 + (i % 4));
        return pat.as.post('/api/posts', {
          timelineId: tl.id,
          type: 'gallery',
          mediaUrls: picked.map((u) => u.path),
        });
      }),
    );
    noServerErrors(answers);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const won = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json() as { id: string; mediaUrls: string[] });
    expect(won.length).toBeGreaterThan(0);
    const used = won.flatMap((p) => p.mediaUrls);
    expect(new Set(used).size).toBe(used.length);
    const rows = await uploadRows(t.app, ups);
    const postOf = new Map(won.flatMap((p) => p.mediaUrls.map((url) => [url, p.id] as const)));
    for (const row of rows) {
      const holder = postOf.get(`/objects/${row.key}`);
      expect(row.status).toBe(holder ? 'attached' : 'stored');
      expect(row.postId).toBe(holder ?? null);
    }
  });

  it('posts and deletes interleaved: every upload ends attached to a live post or removed with its bytes', async () => {
    const { pat, owner, tl } = await cast();
    const before = await storageUsed(t.app, pat.user.id);
    const ups: Awaited<ReturnType<typeof storedUpload>>[] = [];
    for (let i = 0; i < PARALLEL / 2; i++) ups.push(await storedUpload(t.app, pat.user.id));
    // Each post is deleted by the owner as soon as it exists, while the others are still being made.
    const answers = await Promise.all(
      ups.map(async (up, i) => {
        const made = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: up.path });
        if (made.statusCode !== 201 || i % 2) return [made];
        return [made, await owner.as.delete(`/api/posts/${made.json().id}`)];
      }),
    );
    noServerErrors(answers.flat());
    expect(answers.every(([made]) => made!.statusCode === 201)).toBe(true);
    const kept = ups.filter((_, i) => i % 2);
    const gone = ups.filter((_, i) => !(i % 2));
    const rows = await uploadRows(t.app, ups);
    expect(rows.map((r) => r.id).sort()).toEqual(kept.map((u) => u.row.id).sort());
    for (const up of gone) expect(await t.app.store.head(up.row.key)).toBeNull();
    for (const up of kept) expect(await t.app.store.head(up.row.key)).not.toBeNull();
    expect(await storageUsed(t.app, pat.user.id)).toBe(before + kept.reduce((n, u) => n + u.bytes.length, 0));
  });
});
