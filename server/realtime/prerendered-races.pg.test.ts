// Posts racing their threadline's deletion on PostgreSQL: the post's own instance sends a message its route
// built (no render, no read of deleted_at). Whatever the interleaving, a follower hears only of posts that
// were made, each once, and nothing after `deleted`. A post published between the deletion's two publishes
// is rare here (the deletion's lock makes it wait for the posts' commits, which publish at once), so the
// hub's hold for that window is proven by the ordered case in prerendered.test.ts.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/realtime.ts';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { followedThreadline, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
const person = socketPeople(t, { noEmails: true });
const race = raceProbe(t);
const POSTS_PER_ROUND = 12;

/** What a follower heard about `timelineId`, in order: new_post ids, `deleted`, `unsubscribed`. */
function heard(received: ServerMessage[], timelineId: string): string[] {
  return received.flatMap((m) => {
    if (m.type === 'new_post' && m.data.timelineId === timelineId) return [m.data.postId];
    if (m.type === 'timeline_updated' && m.data.timelineId === timelineId && m.data.change === 'deleted')
      return ['deleted'];
    if (m.type === 'unsubscribed' && m.timelineId === timelineId) return ['unsubscribed'];
    return [];
  });
}

describe('posts racing their threadline’s deletion', () => {
  it('no follower hears of a post after `deleted`, and only of posts that were made', async () => {
    const rounds = race.rounds('post', 'delete');
    for (let round = 0; round < 8 && (rounds.overlapped < 2 || round < 4); round++) {
      const w = await followedThreadline(t.app, person);
      const posters = [w.owner, w.moderator, w.participant];
      const [deleted, ...posts] = await rounds.run(() =>
        Promise.all([
          race.as('delete', () => w.owner.as.delete(`/api/timelines/${w.timeline.id}`)),
          ...Array.from({ length: POSTS_PER_ROUND }, (_, i) =>
            race.as('post', () =>
              posters[i % posters.length]!.as.post('/api/posts', {
                timelineId: w.timeline.id,
                content: `Race ${round}.${i}`,
              }),
            ),
          ),
        ]),
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const res of posts) expect([201, 404], res.body).toContain(res.statusCode);
      const made = new Set(posts.filter((res) => res.statusCode === 201).map((res) => res.json().id));
      await t.app.realtimeHub.hub.drain();
      for (const follower of w.followers) {
        // Answered after every event handled so far went out: what the socket has now is all it gets.
        await follower.socket.expectNoneBeforeReply({ unwanted: () => false });
        const told = heard(follower.socket.received, w.timeline.id);
        expect(told.slice(-2), told.join(' ')).toEqual(['deleted', 'unsubscribed']);
        const before = told.slice(0, -2);
        for (const postId of before) expect(made.has(postId)).toBe(true);
        expect(new Set(before).size).toBe(before.length);
      }
    }
    rounds.expectOverlap();
  });
});
