// Every event type reaches the members who follow the threadline (owner, moderator, participant, viewer)
// with the payload the REST answers would give, and nobody else: not a member who follows nothing, not an
// outsider, not a blocked user. User-channel events reach exactly their addressees.
import { describe, expect, it } from 'vitest';
import type { EventDataMap, EventType } from '../../common/realtime.ts';
import { timelineBlockedUsers } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost } from '../test/factories.ts';
import { expectQuiet, followedThreadline, type SocketPerson, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
type Person = SocketPerson;
type Message = { data: unknown; timestamp: string };

// No e-mail address ever goes out, in any message to anyone.
const person = socketPeople(t, { noEmails: true });

/**
 * The followed threadline of server/test/ws.ts, plus `blocked`, a blocked user (refused, like the outsider).
 */
async function setup(timelineFields: { joinApprovalRequired?: boolean } = {}) {
  const w = await followedThreadline(t.app, person, timelineFields);
  const blocked = await person('Bo');
  await t.app.db
    .insert(timelineBlockedUsers)
    .values({ timelineId: w.timeline.id, userId: blocked.user.id, blockedBy: w.owner.user.id });
  for (const p of [w.outsider, blocked])
    await expect(p.socket.subscribe(w.timeline.id)).rejects.toThrow(/error/);
  return {
    ...w,
    base: `/api/timelines/${w.timeline.id}`,
    blocked,
    members: w.followers,
    others: [w.idle, w.outsider, blocked],
  };
}

/** The next `type` message each of `people` receives (matching `where`), its data. */
async function each<T extends EventType>(
  people: Person[],
  type: T,
  where: (data: EventDataMap[T]) => boolean = () => true,
): Promise<EventDataMap[T][]> {
  const got = (await Promise.all(
    people.map((p) => p.socket.next(type, { where: (m) => where((m as Message).data as EventDataMap[T]) })),
  )) as Message[];
  for (const m of got) expect(Date.parse(m.timestamp)).not.toBeNaN();
  return got.map((m) => m.data as EventDataMap[T]);
}

/**
 * Nothing more reaches any of `people`: a user-channel event published now reaches each of them first (the
 * routes publish before they answer, and the hub sends in bus order: ws.ts expectQuiet).
 */
const quiet = (people: Person[]) => expectQuiet(t.app, people);

const update = (change: string) => (d: EventDataMap['timeline_updated']) => d.change === change;

describe('threadline events reach every role that follows it, and no one else', () => {
  it('new_post carries the post as the feed presents it, without e-mail addresses', async () => {
    const w = await setup();
    const res = await w.participant.as.post('/api/posts', { timelineId: w.timeline.id, content: 'Hi all' });
    expect(res.statusCode).toBe(201);
    const got = await each(w.members, 'new_post');
    const [feedPost] = (await w.viewer.as.get(`${w.base}/posts`)).json();
    for (const data of got) {
      expect(data).toEqual({
        timelineId: w.timeline.id,
        postId: res.json().id,
        post: feedPost,
        message: `Pat posted in ${w.timeline.name}`,
        timelineName: w.timeline.name,
        excerpt: 'Hi all',
        author: { id: w.participant.user.id, name: 'Pat', profileImageUrl: null },
      });
    }
    // The owner's own feed shows addresses; the event, the same for everyone, does not.
    expect((await w.owner.as.get(`${w.base}/posts`)).json()[0].author.email).toBe(w.participant.user.email);
    expect(got[0]!.post.author.email).toBeNull();
    await quiet(w.others);
  });

  it('new_comment with the post, the comment and the count', async () => {
    const w = await setup();
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    const res = await w.moderator.as.post('/api/comments', { postId: post.id, content: 'Nice one' });
    expect(res.statusCode).toBe(201);
    for (const data of await each(w.members, 'new_comment')) {
      expect(data).toMatchObject({
        timelineId: w.timeline.id,
        postId: post.id,
        commentId: res.json().id,
        commentCount: 1,
        comment: (await w.viewer.as.get(`/api/posts/${post.id}/comments`)).json()[0],
        author: { id: w.moderator.user.id, name: 'Mo' },
        message: `Mo commented on a post in ${w.timeline.name}`,
        timelineName: w.timeline.name,
        excerpt: 'Nice one',
      });
    }
    await quiet(w.others);
  });

  it('a member who gave only an e-mail is "Member" in posts, comments and cards: no part of the address', async () => {
    const w = await setup();
    const nameless = await person({ displayName: null, firstName: null, lastName: null });
    await addMember(t.app.db, w.timeline, nameless.user, 'participant');
    const local = nameless.user.email!.split('@')[0]!;
    const post = await nameless.as.post('/api/posts', { timelineId: w.timeline.id, content: 'Hello' });
    expect(post.statusCode).toBe(201);
    const comment = await nameless.as.post('/api/comments', { postId: post.json().id, content: 'Me again' });
    expect(comment.statusCode).toBe(201);
    const left = await nameless.as.delete(`${w.base}/members/leave`);
    expect(left.statusCode).toBe(200);
    const written = [...(await each(w.members, 'new_post')), ...(await each(w.members, 'new_comment'))];
    for (const data of written) expect(data.author).toMatchObject({ id: nameless.user.id, name: 'Member' });
    const cards = await each(w.members, 'timeline_updated', update('member_left'));
    for (const data of cards) expect(data.message).toMatch(/^Member left/);
    for (const data of [...written, ...cards]) expect(JSON.stringify(data)).not.toContain(local);
    await quiet(w.others);
  });

  it('new_member when someone joins by code', async () => {
    const w = await setup();
    const newcomer = await person('Nel');
    const res = await newcomer.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    expect(res.json().status).toBe('joined');
    for (const data of await each(w.members, 'new_member')) {
      expect(data).toMatchObject({ timelineId: w.timeline.id, userId: newcomer.user.id, memberCount: 6 });
    }
    await quiet([...w.others, newcomer]);
  });

  it('timeline_updated for reactions, with the counts and no one’s own reactions', async () => {
    const w = await setup();
    const post = await buildPost(t.app.db, w.timeline, w.participant.user);
    expect((await w.viewer.as.post('/api/reactions', { postId: post.id, emoji: '👍' })).statusCode).toBe(200);
    for (const data of await each(w.members, 'timeline_updated', update('reactions'))) {
      expect(data).toMatchObject({ postId: post.id, reactionCounts: { '👍': 1 } });
      expect(data).not.toHaveProperty('myReactions');
    }
    await quiet(w.others);
  });

  it('timeline_updated for a deleted post, the pin and the unpin', async () => {
    const w = await setup();
    const [a, b] = [
      await buildPost(t.app.db, w.timeline, w.participant.user),
      await buildPost(t.app.db, w.timeline, w.participant.user),
    ];
    await w.owner.as.post(`${w.base}/pin/${a.id}`);
    for (const data of await each(w.members, 'timeline_updated', update('pin'))) {
      expect(data.pinnedPostId).toBe(a.id);
    }
    await w.owner.as.delete(`${w.base}/pin`);
    for (const data of await each(w.members, 'timeline_updated', update('pin'))) {
      expect(data.pinnedPostId).toBeNull();
    }
    expect((await w.moderator.as.delete(`/api/posts/${b.id}`)).statusCode).toBe(200);
    for (const data of await each(w.members, 'timeline_updated', update('post_deleted'))) {
      expect(data.postId).toBe(b.id);
    }
    await quiet(w.others);
  });

  it('timeline_updated for permissions, approval and a role change', async () => {
    const w = await setup();
    await w.owner.as.patch(`${w.base}/permissions`, { allowParticipantPosts: false });
    await each(w.members, 'timeline_updated', update('permissions'));
    await w.owner.as.patch(`${w.base}/approval-settings`, { joinApprovalRequired: true });
    await each(w.members, 'timeline_updated', update('approval'));
    await w.owner.as.patch(`${w.base}/members/${w.participant.user.id}`, { role: 'viewer' });
    for (const data of await each(w.members, 'timeline_updated', update('role_changed'))) {
      expect(data).toMatchObject({
        userId: w.participant.user.id,
        message: expect.stringContaining('viewer'),
      });
    }
    await quiet(w.others);
  });

  it('an ownership offer, its withdrawal, and the accept reach every member (issue 26)', async () => {
    const w = await setup();
    const heir = w.participant.user.id;
    await w.owner.as.post(`${w.base}/transfer`, { userId: heir });
    for (const data of await each(w.members, 'timeline_updated', update('ownership'))) {
      expect(data).toMatchObject({
        userId: heir,
        message: expect.stringMatching(/ offered .* ownership of /),
      });
    }
    await w.owner.as.delete(`${w.base}/transfer`);
    for (const data of await each(w.members, 'timeline_updated', update('ownership'))) {
      expect(data).toMatchObject({ userId: heir, message: expect.stringContaining('was withdrawn') });
    }
    await w.owner.as.post(`${w.base}/transfer`, { userId: heir });
    await each(w.members, 'timeline_updated', update('ownership'));
    expect((await w.participant.as.post(`${w.base}/transfer/accept`)).statusCode).toBe(200);
    // Two role changes: the old owner, then the new one.
    for (const data of await each(w.members, 'timeline_updated', update('role_changed'))) {
      expect(data).toMatchObject({ userId: w.owner.user.id, message: expect.stringContaining('moderator') });
    }
    for (const data of await each(w.members, 'timeline_updated', update('role_changed'))) {
      expect(data).toMatchObject({ userId: heir, message: expect.stringContaining('owner') });
    }
    await quiet(w.others);
  });

  it('member_left and member_removed reach those who stay; the removed user is told on their own channel', async () => {
    const w = await setup();
    expect((await w.viewer.as.delete(`${w.base}/members/leave`)).statusCode).toBe(200);
    const stay = [w.owner, w.moderator, w.participant];
    for (const data of await each(stay, 'timeline_updated', update('member_left'))) {
      expect(data).toMatchObject({ userId: w.viewer.user.id, memberCount: 4 });
    }
    expect(await w.viewer.socket.next('unsubscribed')).toMatchObject({ reason: 'left' });

    await w.owner.as.delete(`${w.base}/members/${w.participant.user.id}`, { reason: 'Spam' });
    for (const data of await each([w.owner, w.moderator], 'timeline_updated', update('member_removed'))) {
      expect(data).toMatchObject({ userId: w.participant.user.id, memberCount: 3 });
    }
    expect(await w.participant.socket.next('unsubscribed')).toMatchObject({ reason: 'removed' });
    const [told] = await each([w.participant], 'timeline_updated', update('access_removed'));
    expect(told).toMatchObject({
      timelineId: w.timeline.id,
      userId: w.participant.user.id,
      reason: 'blocked',
    });
    await quiet([...w.others, w.viewer, w.participant]);
  });

  it('archived reaches the owner only (the others are unsubscribed first); restored every member', async () => {
    const w = await setup();
    await w.owner.as.post(`${w.base}/archive`);
    await each([w.owner], 'timeline_updated', update('archived'));
    for (const m of [w.moderator, w.participant, w.viewer]) {
      expect(await m.socket.next('unsubscribed')).toMatchObject({
        timelineId: w.timeline.id,
        reason: 'archived',
      });
    }
    await w.owner.as.post(`${w.base}/restore`);
    await each([w.owner], 'timeline_updated', update('restored'));
    // Every other member hears it on their own channel (archiving unsubscribed them), so they follow again.
    await each([w.moderator, w.participant, w.viewer, w.idle], 'timeline_updated', update('restored'));
    await quiet([w.outsider, w.blocked]);
  });

  it('deleted reaches every follower, then their subscriptions end', async () => {
    const w = await setup();
    expect((await w.owner.as.delete(w.base)).statusCode).toBe(200);
    await each(w.members, 'timeline_updated', update('deleted'));
    for (const m of w.members) {
      expect(await m.socket.next('unsubscribed')).toMatchObject({
        timelineId: w.timeline.id,
        reason: 'deleted',
      });
    }
    await quiet([...w.others, ...w.members]);
  });
});

describe('join requests on the users’ own channels', () => {
  it('a new request reaches the owner and moderators only, as they are when it is sent', async () => {
    const w = await setup({ joinApprovalRequired: true });
    const first = await person('Rita');
    expect(
      (await first.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode })).json().status,
    ).toBe('pending');
    for (const data of await each([w.owner, w.moderator], 'join_request')) {
      expect(data).toMatchObject({
        timelineId: w.timeline.id,
        requestId: expect.any(String),
        pendingCount: 1,
        author: { id: first.user.id, name: 'Rita' },
      });
    }
    // Asking again returns the same request: nobody is told twice.
    await first.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    await quiet([w.owner, w.moderator, w.participant, w.viewer, ...w.others, first]);

    await w.owner.as.patch(`${w.base}/members/${w.moderator.user.id}`, { role: 'participant' });
    await each(w.members, 'timeline_updated', update('role_changed'));
    const second = await person('Sam');
    await second.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    expect((await each([w.owner], 'join_request'))[0]).toMatchObject({ pendingCount: 2 });
    await quiet([w.moderator, w.participant, w.viewer, ...w.others, first, second]);
  });

  it('approval tells the requester and the members; rejection the requester; both refresh the pending counts', async () => {
    const w = await setup({ joinApprovalRequired: true });
    const [ann, rex] = [await person('Ann'), await person('Rex')];
    for (const p of [ann, rex]) await p.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    await each([w.owner, w.moderator], 'join_request', (d) => d.pendingCount === 2);
    const requests = (await w.owner.as.get(`${w.base}/join-requests?status=pending`)).json();
    const idOf = (p: Person) => requests.find((r: { user: { id: string } }) => r.user.id === p.user.id).id;

    await w.moderator.as.post(`${w.base}/join-requests/${idOf(ann)}/approve`);
    expect((await each([ann], 'join_request_processed'))[0]).toMatchObject({
      timelineId: w.timeline.id,
      requestId: idOf(ann),
      status: 'approved',
      message: expect.stringContaining('approved'),
    });
    for (const data of await each(w.members, 'new_member')) expect(data.userId).toBe(ann.user.id);
    for (const data of await each([w.owner, w.moderator], 'timeline_updated', update('join_requests'))) {
      expect(data.pendingCount).toBe(1);
    }

    await w.owner.as.post(`${w.base}/join-requests/${idOf(rex)}/reject`);
    expect((await each([rex], 'join_request_processed'))[0]).toMatchObject({ status: 'rejected' });
    for (const data of await each([w.owner, w.moderator], 'timeline_updated', update('join_requests'))) {
      expect(data.pendingCount).toBe(0);
    }
    await quiet([w.participant, w.viewer, ...w.others, ann, rex]);
  });

  it('a retraction refreshes the owner’s and moderators’ pending counts, without a card for anyone else', async () => {
    const w = await setup({ joinApprovalRequired: true });
    const rita = await person('Rita');
    await rita.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    await each([w.owner, w.moderator], 'join_request');
    const [mine] = (await rita.as.get('/api/my-join-requests')).json();
    expect((await rita.as.delete(`/api/join-requests/${mine.id}`)).statusCode).toBe(200);
    for (const data of await each([w.owner, w.moderator], 'timeline_updated', update('join_requests'))) {
      expect(data).toMatchObject({ timelineId: w.timeline.id, pendingCount: 0 });
    }
    await quiet([w.participant, w.viewer, ...w.others, rita]);
  });

  it('a direct join that settles a pending request (approval switched off meanwhile) tells both sides', async () => {
    const w = await setup({ joinApprovalRequired: true });
    const rita = await person('Rita');
    await rita.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode });
    await each([w.owner, w.moderator], 'join_request');
    await w.owner.as.patch(`${w.base}/approval-settings`, { joinApprovalRequired: false });
    await each(w.members, 'timeline_updated', update('approval'));
    expect((await rita.as.post('/api/timelines/join', { joinCode: w.timeline.joinCode })).json().status).toBe(
      'joined',
    );
    for (const data of await each(w.members, 'new_member')) expect(data.userId).toBe(rita.user.id);
    for (const data of await each([w.owner, w.moderator], 'timeline_updated', update('join_requests'))) {
      expect(data.pendingCount).toBe(0);
    }
    await quiet([w.participant, w.viewer, ...w.others, rita]);
  });
});
