// Parallel edits of one post (DECISIONS §9): each edit locks the post row, so under a paying owner every
// edit keeps exactly the text it replaced, and the texts kept plus the current one are all the texts written.
// Written once, run in full on PostgreSQL (edit-races.pg.test.ts) and as a smoke on PGlite (edit-races.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { postVersionList } from '../../common/schemas/post.ts';
import { posts, postVersions } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

export function editRaces(t: TestApp, race: RaceProbe) {
  return {
    async parallelEdits({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('edit');
      for (let round = 0; round < count; round++) {
        const owner = await signedInUser(t.app, { plan: 'pro' });
        const tl = await buildThreadline(t.app.db, owner.user);
        const post = await buildPost(t.app.db, tl, owner.user, { content: 'v0' });
        const texts = Array.from({ length: calls }, (_, i) => `v${i + 1}`);
        const answers = await rounds.run(() =>
          Promise.all(
            texts.map((content) =>
              race.as('edit', () => owner.as.patch(`/api/posts/${post.id}`, { content })),
            ),
          ),
        );
        expect(answers.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(
          Array(calls).fill('200 '),
        );
        const kept = await t.app.db
          .select({ content: postVersions.content })
          .from(postVersions)
          .where(eq(postVersions.postId, post.id));
        const [now] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
        // One version per edit, each a different text, and with the current one every text written.
        expect(kept).toHaveLength(calls);
        expect(new Set(kept.map((k) => k.content)).size).toBe(calls);
        expect([...kept.map((k) => k.content), now!.content].sort()).toEqual(['v0', ...texts].sort());
        // The history reads as one chain: newest first, the current text leading, the original last.
        const list = postVersionList.parse((await owner.as.get(`/api/posts/${post.id}/versions`)).json());
        expect(list.map((v) => v.content)[0]).toBe(now!.content);
        expect(list.at(-1)!.content).toBe('v0');
        const times = list.map((v) => Date.parse(v.editedAt));
        expect([...times].sort((a, b) => b - a)).toEqual(times);
      }
      rounds.expectOverlap();
    },
  };
}
