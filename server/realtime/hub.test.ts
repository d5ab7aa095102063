// The hub on the in-process bus: each bus event kind, published directly (the routes that publish them are
// tested end to end in events.test.ts and access.test.ts), reaches exactly its recipients, rendered once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, type EventDataMap, type EventType, NOTIFICATION_CARD } from '../../common/realtime.ts';
import { postSchema } from '../../common/schemas/post.ts';
import { posts, timelineJoinRequests, timelineMembers, timelines } from '../db/schema/index.ts';
import { buildTestApp, setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildReaction,
  buildThreadline,
  dropMember,
} from '../test/factories.ts';
import {
  expectQuiet,
  followedThreadline,
  openSocket,
  type SocketPerson,
  socketPeople,
  socketUser,
} from '../test/ws.ts';
import type { BusEvent } from './types.ts';

const t = setupTestApp();
type Person = SocketPerson;
type Received = { type: string; data: unknown; timestamp: string };

const person = socketPeople(t, { noEmails: true });

const publish = (event: BusEvent) => t.app.realtime.publish(event);

/** The followed threadline of server/test/ws.ts, named "Garden club"; `others` follow nothing. */
async function world() {
  const w = await followedThreadline(t.app, person, { name: 'Garden club' });
  return { ...w, others: [w.idle, w.outsider] };
}

async function each<T extends EventType>(
  people: Person[],
  type: T,
): Promise<(Received & { data: EventDataMap[T] })[]> {
  return (await Promise.all(people.map((p) => p.socket.next(type)))) as (Received & {
    data: EventDataMap[T];
  })[];
}

/** The next timeline_updated of `change` each of `people` receives, its data. */
async function changes(people: Person[], change: string) {
  const got = await Promise.all(
    people.map((p) =>
      p.socket.next('timeline_updated', {
        where: (m) => (m as unknown as Received & { data: { change: string } }).data.change === change,
      }),
    ),
  );
  return got.map((m) => (m as unknown as { data: EventDataMap['timeline_updated'] }).data);
}

/** Nothing more reached `people`: a user-channel event published now comes first (ws.ts expectQuiet). */
const quiet = (people: Person[]) => expectQuiet(t.app, people);

describe('timeline events reach the followers only', () => {
  it('new_post: the presented post (no e-mail, no own reactions), one rendering for all, the author too', async () => {
    const w = await world();
    const post = await buildPost(t.app.db, w.timeline, w.participant.user, { content: 'Tomatoes are in' });
    await buildReaction(t.app.db, post, w.participant.user);
    await publish({
      kind: 'timeline',
      type: 'new_post',
      timelineId: w.timeline.id,
      actorId: w.participant.user.id,
      postId: post.id,
    });
    const got = await each(w.followers, 'new_post');
    // Rendered once: every recipient got the very same message.
    expect(new Set(got.map((m) => JSON.stringify(m))).size).toBe(1);
    const { data } = got[0]!;
    expect(data).toMatchObject({
      timelineId: w.timeline.id,
      postId: post.id,
      message: 'Pat posted in Garden club',
      author: { id: w.participant.user.id, name: 'Pat', profileImageUrl: null },
    });
    expect(postSchema.parse(data.post)).toMatchObject({
      id: post.id,
      content: 'Tomatoes are in',
      myReactions: [],
    });
    expect(data.post.author.email).toBeNull();
    expect(data.post.reactionCounts).toEqual({ '\u2764\uFE0F': 1 });
    await quiet(w.others);
  });

  it('the card quotes the start of the text on one line, shortened; a post without text has no quote', async () => {
    const w = await world();
    const long = `First line\n\n  second ${'word '.repeat(60)}`;
    const posts = [
      await buildPost(t.app.db, w.timeline, w.participant.user, { content: long }),
      await buildPost(t.app.db, w.timeline, w.participant.user, { content: null, type: 'image' }),
    ];
    for (const post of posts) {
      await publish({
        kind: 'timeline',
        type: 'new_post',
        timelineId: w.timeline.id,
        actorId: w.participant.user.id,
        postId: post.id,
      });
    }
    const [quoted] = await each([w.viewer], 'new_post');
    const excerpt = quoted!.data.excerpt!;
    expect(excerpt.startsWith('First line second word word')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect([...excerpt].length).toBeLessThanOrEqual(NOTIFICATION_CARD.excerptChars);
    expect(quoted!.data.timelineName).toBe('Garden club');
    const [bare] = await each([w.viewer], 'new_post');
    expect(bare!.data).toMatchObject({ postId: posts[1]!.id, timelineName: 'Garden club' });
    expect(bare!.data).not.toHaveProperty('excerpt');
    await quiet([w.viewer]);
  });

  it('new_post of a post deleted before it was rendered is skipped, and later events still flow', async () => {
    const w = await world();
    const gone = await buildPost(t.app.db, w.timeline, w.owner.user, { deletedAt: new Date() });
    const missing = randomUUID();
    const kept = await buildPost(t.app.db, w.timeline, w.owner.user);
    for (const postId of [gone.id, missing, kept.id]) {
      await publish({
        kind: 'timeline',
        type: 'new_post',
        timelineId: w.timeline.id,
        actorId: w.owner.user.id,
        postId,
      });
    }
    const [first] = await each([w.viewer], 'new_post');
    expect(first!.data.postId).toBe(kept.id);
    await quiet([w.viewer]);
  });

  it('new_comment: counts, the presented comment, the name rule for the author', async () => {
    const w = await world();
    // No names at all: "Member", never any part of the address (DECISIONS §2).
    const anonymous = await person({ displayName: null, firstName: null, lastName: null });
    await addMember(t.app.db, w.timeline, anonymous.user);
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    await buildComment(t.app.db, post, w.owner.user);
    const comment = await buildComment(t.app.db, post, anonymous.user, { content: 'Lovely' });
    await publish({
      kind: 'timeline',
      type: 'new_comment',
      timelineId: w.timeline.id,
      actorId: anonymous.user.id,
      postId: post.id,
      commentId: comment.id,
    });
    const [m] = await each([w.moderator], 'new_comment');
    const local = anonymous.user.email!.split('@')[0]!;
    expect(JSON.stringify(m!.data)).not.toContain(local);
    expect(m!.data).toMatchObject({
      message: `Member commented on a post in ${w.timeline.name}`,
      timelineName: w.timeline.name,
      excerpt: 'Lovely',
      postId: post.id,
      commentId: comment.id,
      commentCount: 2,
      comment: { id: comment.id, content: 'Lovely', author: { email: null } },
    });
    await quiet(w.others);
  });

  it('new_member with the member count', async () => {
    const w = await world();
    const newcomer = await person({ displayName: 'Nia' });
    await addMember(t.app.db, w.timeline, newcomer.user);
    await publish({
      kind: 'timeline',
      type: 'new_member',
      timelineId: w.timeline.id,
      actorId: newcomer.user.id,
    });
    const got = await each(w.followers, 'new_member');
    expect(got[0]!.data).toMatchObject({
      message: 'Nia joined Garden club',
      userId: newcomer.user.id,
      memberCount: 6,
    });
    await quiet([...w.others, newcomer]);
  });

  it('timeline_updated: reactions with counts, pin, role change, member left, archive', async () => {
    const w = await world();
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    await buildReaction(t.app.db, post, w.viewer.user, '👍');
    await buildReaction(t.app.db, post, w.participant.user, '👍');
    const base = { kind: 'timeline', type: 'timeline_updated', timelineId: w.timeline.id } as const;

    await publish({ ...base, actorId: w.viewer.user.id, change: 'reactions', postId: post.id });
    const reacted = await changes(w.followers, 'reactions');
    expect(reacted[0]).toMatchObject({
      postId: post.id,
      reactionCounts: { '👍': 2 },
      message: 'Vi reacted to a post',
    });

    await t.app.db.update(timelines).set({ pinnedPostId: post.id }).where(eq(timelines.id, w.timeline.id));
    await publish({ ...base, actorId: w.owner.user.id, change: 'pin', postId: post.id });
    const [pinned] = await changes(w.followers, 'pin');
    expect(pinned).toMatchObject({ pinnedPostId: post.id, message: 'Olga pinned a post in Garden club' });

    await t.app.db
      .update(timelineMembers)
      .set({ role: 'moderator' })
      .where(eq(timelineMembers.userId, w.participant.user.id));
    await publish({
      ...base,
      actorId: w.owner.user.id,
      change: 'role_changed',
      userId: w.participant.user.id,
    });
    const [role] = await changes(w.followers, 'role_changed');
    expect(role).toMatchObject({
      userId: w.participant.user.id,
      message: 'Pat is now a moderator in Garden club',
    });

    await dropMember(t.app.db, w.timeline.id, w.idle.user.id);
    await publish({ ...base, actorId: w.idle.user.id, change: 'member_left', userId: w.idle.user.id });
    const [left] = await changes(w.followers, 'member_left');
    expect(left).toMatchObject({ message: 'Ida left Garden club', memberCount: 4 });

    await publish({ ...base, actorId: w.owner.user.id, change: 'archived' });
    const [archived] = await changes(w.followers, 'archived');
    expect(archived).toMatchObject({ message: 'Garden club was archived' });
    await quiet([...w.followers, ...w.others]);
  });
});

describe('user channel events reach their addressees on every socket, once authenticated', () => {
  it('join_request with the pending count; an unauthenticated socket of the same user gets nothing', async () => {
    const w = await world();
    const asker = await person({ displayName: 'Ann' });
    const [request] = await t.app.db
      .insert(timelineJoinRequests)
      .values({ timelineId: w.timeline.id, userId: asker.user.id })
      .returning();
    const ownerSecondTab = person.track(await openSocket(t.app, w.owner.cookie));
    const ownerThirdTab = person.track(await openSocket(t.app, w.owner.cookie));
    await ownerThirdTab.authenticate(w.owner.user.id);
    await publish({
      kind: 'user',
      type: 'join_request',
      userIds: [w.owner.user.id, w.moderator.user.id, w.owner.user.id],
      timelineId: w.timeline.id,
      requestId: request!.id,
      actorId: asker.user.id,
    });
    const got = await each([w.owner, w.moderator], 'join_request');
    expect(got[0]!.data).toMatchObject({
      message: 'Ann asked to join Garden club',
      requestId: request!.id,
      pendingCount: 1,
    });
    expect((await ownerThirdTab.next('join_request')).type).toBe('join_request');
    // Listed twice, sent once; and nothing for those it is not addressed to.
    await quiet([w.owner, w.participant, w.viewer, asker]);
    // No event can reach the unauthenticated tab, so no later event can be its barrier: once the hub has sent
    // everything (drain), its answer to a request comes after anything it had sent that tab.
    await t.app.realtimeHub.hub.drain();
    await ownerSecondTab.expectNoneBeforeReply();
  });

  it('join_request_processed to the requester; join_requests_changed with the count; access_removed', async () => {
    const w = await world();
    const asker = await person({ displayName: 'Ann' });
    const [request] = await t.app.db
      .insert(timelineJoinRequests)
      .values({
        timelineId: w.timeline.id,
        userId: asker.user.id,
        status: 'rejected',
        processedAt: new Date(),
      })
      .returning();
    await publish({
      kind: 'user',
      type: 'join_request_processed',
      userIds: [asker.user.id],
      timelineId: w.timeline.id,
      requestId: request!.id,
      actorId: w.owner.user.id,
    });
    const [processed] = await each([asker], 'join_request_processed');
    expect(processed!.data).toMatchObject({
      status: 'rejected',
      message: 'Your request to join Garden club was rejected',
    });

    await publish({
      kind: 'user',
      type: 'join_requests_changed',
      userIds: [w.owner.user.id],
      timelineId: w.timeline.id,
      actorId: asker.user.id,
    });
    const [changed] = await each([w.owner], 'timeline_updated');
    expect(changed!.data).toMatchObject({ change: 'join_requests', pendingCount: 0 });

    await publish({
      kind: 'user',
      type: 'access_removed',
      userIds: [w.viewer.user.id],
      timelineId: w.timeline.id,
      actorId: w.owner.user.id,
      reason: 'blocked',
    });
    const [removed] = await each([w.viewer], 'timeline_updated');
    expect(removed!.data).toMatchObject({
      change: 'access_removed',
      reason: 'blocked',
      userId: w.viewer.user.id,
      message: 'You were blocked from Garden club',
    });
    await quiet([w.moderator, w.participant, w.idle, w.outsider]);
  });
});

describe('access events end subscriptions at once', () => {
  it('one user: unsubscribed with the reason, later events skip them', async () => {
    const w = await world();
    await publish({ kind: 'access', timelineId: w.timeline.id, userId: w.viewer.user.id, reason: 'removed' });
    expect(await w.viewer.socket.next('unsubscribed')).toEqual({
      type: 'unsubscribed',
      timelineId: w.timeline.id,
      reason: 'removed',
    });
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(3);
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    await publish({
      kind: 'timeline',
      type: 'new_post',
      timelineId: w.timeline.id,
      actorId: w.owner.user.id,
      postId: post.id,
    });
    await each([w.owner, w.moderator, w.participant], 'new_post');
    await quiet([w.viewer]);
  });

  it('keepRole: archiving keeps the owner only', async () => {
    const w = await world();
    await publish({ kind: 'access', timelineId: w.timeline.id, keepRole: 'owner', reason: 'archived' });
    for (const p of [w.moderator, w.participant, w.viewer]) {
      expect(await p.socket.next('unsubscribed')).toMatchObject({ reason: 'archived' });
    }
    await quiet([w.owner]);
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(1);
  });

  it('everyone: an event published before the access event still goes out first, nothing after it', async () => {
    const w = await world();
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    const before = publish({
      kind: 'timeline',
      type: 'new_post',
      timelineId: w.timeline.id,
      actorId: w.owner.user.id,
      postId: post.id,
    });
    const drop = publish({ kind: 'access', timelineId: w.timeline.id, reason: 'deleted' });
    const after = publish({
      kind: 'timeline',
      type: 'new_post',
      timelineId: w.timeline.id,
      actorId: w.owner.user.id,
      postId: post.id,
    });
    await Promise.all([before, drop, after]);
    await t.app.realtimeHub.hub.drain();
    for (const p of w.followers) {
      await p.socket.next('unsubscribed');
      expect(p.socket.received.map((m) => m.type)).toEqual([
        'authenticated',
        'subscribed',
        'new_post',
        'unsubscribed',
      ]);
    }
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(0);
  });
});

describe('publishing', () => {
  it('never throws: an event over the bus limit is logged and dropped', async () => {
    const w = await world();
    // Addressed to the owner among others: sent, it would reach her.
    const userIds = [w.owner.user.id, ...Array.from({ length: 300 }, () => randomUUID())];
    await expect(
      publish({
        kind: 'user',
        type: 'join_requests_changed',
        userIds,
        timelineId: w.timeline.id,
        actorId: w.owner.user.id,
      }),
    ).resolves.toBeUndefined();
    await quiet([w.owner]);
  });

  it('a session event closes that session sockets only', async () => {
    const a = await person();
    const b = await person();
    await publish({ kind: 'session', sid: t.app.sessions.keyOf(a.cookie.split('=')[1]!) });
    expect((await a.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    expect(b.socket.closeInfo).toBeUndefined();
  });

  it('unrelated threadlines: no rendering work when nobody here follows', async () => {
    const w = await world();
    const other = await buildThreadline(t.app.db, w.owner.user);
    const post = await buildPost(t.app.db, other, w.owner.user);
    const { hub } = t.app.realtimeHub;
    const renders = hub.renders;
    await publish({
      kind: 'timeline',
      type: 'new_post',
      timelineId: other.id,
      actorId: w.owner.user.id,
      postId: post.id,
    });
    // The memory bus (and the PostgreSQL bus, for its own instance) hands the event over during publish.
    expect(hub.renders).toBe(renders);
    await quiet(w.followers);
    await t.app.db.delete(posts).where(eq(posts.id, post.id));
  });
});

describe('shutdown', () => {
  it('closing the app closes its sockets with 1001', async () => {
    const other = await buildTestApp();
    try {
      const p = await socketUser(other.app);
      await other.app.close();
      expect((await p.socket.waitClose()).code).toBe(CLOSE_CODES.goingAway);
    } finally {
      await other.database.close();
    }
  });
});
