// The first feed page from memory across instances (issue 28): a write on one instance, then a read on the
// other, which had the page cached; and dozens of parallel writes and reads, after which every read equals
// an uncached one. Runs in the PostgreSQL project only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postList } from '../../common/schemas/post.ts';
import { addMember, buildPost, buildThreadline, buildUser, callerFor, cookieFor } from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { raceProbe } from '../test/races.ts';
import { feedCacheCases } from './feed-cache.cases.ts';

// One DATA_DIR for both, for the objects: one case uploads a picture on A.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tl-feed-cache-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const instances = setupInstances(2, { DATA_DIR: dataDir }, 'tl_feed_cache');

describe('the first feed page from memory, a write on instance A and a read on instance B', () => {
  feedCacheCases(() => ({ writer: instances[0]!.app, reader: instances[1]!.app }));
});

describe('the first feed page under parallel writes and reads', () => {
  it('after 24 writes and 48 reads on both instances, every read equals an uncached one', async () => {
    const [a, b] = [instances[0]!.app, instances[1]!.app];
    const owner = await buildUser(a.db, { displayName: 'Olga' });
    const tl = await buildThreadline(a.db, owner);
    const people = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const user = await buildUser(a.db, { displayName: `P${i}` });
        await addMember(a.db, tl, user, 'participant');
        const cookie = await cookieFor(a, user);
        return { user, on: [callerFor(a, cookie), callerFor(b, cookie)] };
      }),
    );
    const posts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => buildPost(a.db, tl, owner, { content: `seed ${i}` })),
    );
    const url = `/api/timelines/${tl.id}/posts`;
    const race = raceProbe(...instances);
    // Writes overlap on the database (probed); reads run no transaction, so their overlap with the writes
    // is checked on the requests' own times.
    const rounds = race.rounds('write');
    const spans: Record<'write' | 'read', [number, number][]> = { write: [], read: [] };
    const timed = async (kind: 'write' | 'read', call: () => Promise<void>) => {
      const from = performance.now();
      await call();
      spans[kind].push([from, performance.now()]);
    };
    await rounds.run(() =>
      Promise.all([
        ...Array.from({ length: 24 }, (_, i) => {
          const who = people[i % people.length]!.on[i % 2]!;
          const post = posts[i % posts.length]!;
          return race.as('write', () =>
            timed('write', async () => {
              const res =
                i % 4 === 0
                  ? await who.post('/api/posts', { timelineId: tl.id, content: `parallel ${i}` })
                  : i % 4 === 1
                    ? await who.post('/api/comments', { postId: post.id, content: `comment ${i}` })
                    : await who.post('/api/reactions', { postId: post.id, emoji: i % 4 === 2 ? '👍' : '🎉' });
              expect(res.statusCode, res.body).toBeLessThan(300);
            }),
          );
        }),
        ...Array.from({ length: 48 }, (_, i) =>
          race.as('read', () =>
            timed('read', async () => {
              const res = await people[i % people.length]!.on[i % 2]!.get(url);
              expect(res.statusCode, res.body).toBe(200);
            }),
          ),
        ),
      ]),
    );
    rounds.expectOverlap();
    const crossed = spans.read.filter(([from, to]) => spans.write.some(([wf, wt]) => from < wt && wf < to));
    expect(crossed.length).toBeGreaterThan(0);
    // After the writes: each person on each instance (cached where a read filled it) equals a fresh read.
    for (const person of people) {
      const cached = [a, b].map(async (_, i) => postList.parse((await person.on[i]!.get(url)).json()));
      const seen = await Promise.all(cached);
      a.feedCache.clear();
      b.feedCache.clear();
      const fresh = postList.parse((await person.on[0]!.get(url)).json());
      expect(seen).toEqual([fresh, fresh]);
    }
    expect(a.feedCache.stats().hits + b.feedCache.stats().hits).toBeGreaterThan(0);
  });
});
