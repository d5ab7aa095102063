// Mentions in socket payloads (issue 27): new_post, new_comment, post_edited, comment_edited and
// new_message carry `mentions` as the REST answers do: readers only, under their current names.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventDataMap } from '../../common/realtime.ts';
import { users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildComment, buildConversation, buildPost } from '../test/factories.ts';
import { followedThreadline, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
const person = socketPeople(t, { noEmails: true });
type Update = EventDataMap['timeline_updated'];

describe('mentions over the socket', () => {
  it('new_post and post_edited carry them as the post shows them', async () => {
    const w = await followedThreadline(t.app, person);
    const res = await w.owner.as.post('/api/posts', {
      timelineId: w.timeline.id,
      content: 'Hi @Pat and @Otto',
      mentions: [w.participant.user.id, w.outsider.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const pat = { id: w.participant.user.id, name: 'Pat', as: '@Pat' };
    const created = await w.viewer.socket.next('new_post');
    expect(created.data.post.mentions).toEqual([pat]);
    await t.app.db.update(users).set({ displayName: 'Patty' }).where(eq(users.id, w.participant.user.id));
    const edit = await w.owner.as.patch(`/api/posts/${res.json().id}`, {
      content: 'Hi @Pat and @Mo',
      mentions: [w.participant.user.id, w.moderator.user.id],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { data } = (await w.viewer.socket.next('timeline_updated', {
      where: (m) => (m.data as Update).change === 'post_edited',
    })) as { data: Update };
    // Pat stays (the text still holds the "@Pat" stored, though they are "@Patty" now), under their name now.
    expect(data.mentions).toEqual([
      { ...pat, name: 'Patty' },
      { id: w.moderator.user.id, name: 'Mo', as: '@Mo' },
    ]);
    expect(data.mentions).toEqual(edit.json().mentions);
  });

  it('new_comment and comment_edited carry the comment’s', async () => {
    const w = await followedThreadline(t.app, person);
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    const res = await w.moderator.as.post('/api/comments', {
      postId: post.id,
      content: '@Vi look',
      mentions: [w.viewer.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const vi = { id: w.viewer.user.id, name: 'Vi', as: '@Vi' };
    expect((await w.participant.socket.next('new_comment')).data.comment!.mentions).toEqual([vi]);
    const other = await buildComment(t.app.db, post, w.moderator.user, { content: 'x' });
    const edit = await w.moderator.as.patch(`/api/comments/${other.id}`, {
      content: 'x @Olga',
      mentions: [w.owner.user.id],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { data } = (await w.participant.socket.next('timeline_updated', {
      where: (m) => (m.data as Update).change === 'comment_edited',
    })) as { data: Update };
    expect(data.comment!.mentions).toEqual([{ id: w.owner.user.id, name: 'Olga', as: '@Olga' }]);
  });

  it('new_message carries the message’s', async () => {
    const w = await followedThreadline(t.app, person);
    const conversation = await buildConversation(t.app.db, w.timeline, w.owner.user, w.participant.user);
    const res = await w.owner.as.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Hello @Pat',
      mentions: [w.participant.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const got = await w.participant.socket.next('new_message');
    expect(got.data.directMessage.mentions).toEqual([{ id: w.participant.user.id, name: 'Pat', as: '@Pat' }]);
  });
});
