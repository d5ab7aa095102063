// post_edited and comment_edited (issue 24): every member who follows the threadline learns the new text at
// once, and no one else (an idle member, an outsider, a removed and blocked one).
import { describe, expect, it } from 'vitest';
import type { EventDataMap, ServerMessage } from '../../common/realtime.ts';
import { timelineBlockedUsers } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildComment, buildPost } from '../test/factories.ts';
import { expectQuiet, followedThreadline, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
const person = socketPeople(t, { noEmails: true });
type Update = EventDataMap['timeline_updated'];
type Message = { data: unknown };
type Person = Awaited<ReturnType<typeof person>>;

async function setup() {
  const w = await followedThreadline(t.app, person);
  const blocked = await person('Bo');
  await t.app.db
    .insert(timelineBlockedUsers)
    .values({ timelineId: w.timeline.id, userId: blocked.user.id, blockedBy: w.owner.user.id });
  await expect(blocked.socket.subscribe(w.timeline.id)).rejects.toThrow(/error/);
  return { ...w, others: [w.idle, w.outsider, blocked] };
}

const updates = async (people: Person[], change: string) =>
  (await Promise.all(
    people.map((p) =>
      p.socket.next('timeline_updated', { where: (m) => ((m as Message).data as Update).change === change }),
    ),
  )) as { data: Update }[];

describe('live edits', () => {
  it('post_edited carries the new text and editedAt to every follower', async () => {
    const w = await setup();
    const post = await buildPost(t.app.db, w.timeline, w.participant.user, { content: 'before' });
    const res = await w.participant.as.patch(`/api/posts/${post.id}`, { content: 'after' });
    expect(res.statusCode).toBe(200);
    for (const { data } of await updates(w.followers, 'post_edited')) {
      expect(data).toMatchObject({
        timelineId: w.timeline.id,
        postId: post.id,
        content: 'after',
        editedAt: res.json().editedAt,
        author: { id: w.participant.user.id, name: 'Pat' },
      });
    }
    await expectQuiet(t.app, w.others);
  });

  it('comment_edited carries the comment as the list presents it, without e-mail addresses', async () => {
    const w = await setup();
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    const comment = await buildComment(t.app.db, post, w.moderator.user, { content: 'typo' });
    const res = await w.moderator.as.patch(`/api/comments/${comment.id}`, { content: 'fixed' });
    expect(res.statusCode).toBe(200);
    for (const { data } of await updates(w.followers, 'comment_edited')) {
      expect(data).toMatchObject({ postId: post.id, commentId: comment.id });
      expect(data.comment).toEqual({ ...res.json(), author: { ...res.json().author, email: null } });
    }
    await expectQuiet(t.app, w.others);
  });

  it('an edit that changes nothing tells no one', async () => {
    const w = await setup();
    const post = await buildPost(t.app.db, w.timeline, w.participant.user, { content: 'same' });
    expect((await w.participant.as.patch(`/api/posts/${post.id}`, { content: 'same' })).statusCode).toBe(200);
    await expectQuiet(t.app, w.followers, {
      unwanted: (m: ServerMessage) => m.type === 'timeline_updated' && m.data.change === 'post_edited',
    });
  });
});
