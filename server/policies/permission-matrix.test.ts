// Every route of threadlines, membership and posts, called by each kind of caller against a fresh cast.
// Refusals to people outside the threadline are the same 404 a random id gets: nothing leaks.
import { describe, expect, it } from 'vitest';
import { HEART } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { timelineBlockedUsers, timelineJoinRequests, type User } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildPost,
  buildThreadline,
  buildUser,
  type Caller,
  callerFor,
  cookieFor,
} from '../test/factories.ts';

const t = setupTestApp();

const ACTORS = [
  'visitor',
  'outsider',
  'viewer',
  'participant',
  'moderator',
  'owner',
  'blocked',
  'otherOwner',
] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Partial<Record<Actor, number>> & { default: number };

interface Cast {
  ids: {
    timeline: string;
    target: string;
    blocked: string;
    request: string;
    joinCode: string;
    /** A post by the target participant, and one by the owner. */
    post: string;
    ownerPost: string;
  };
  callers: Record<Actor, Caller>;
}

/** Owner, one member per role, a target participant, a blocked user, a pending requester, a stranger. */
async function buildCast(db: Db): Promise<Cast> {
  const u = async (name: string) => buildUser(db, { firstName: name });
  const [owner, viewer, participant, moderator, target, blocked, requester, outsider, otherOwner] =
    (await Promise.all(
      ['Owner', 'Viewer', 'Part', 'Mod', 'Target', 'Blocked', 'Req', 'Out', 'Other'].map(u),
    )) as User[];
  const timeline = await buildThreadline(db, owner!);
  await buildThreadline(db, otherOwner!);
  await Promise.all([
    addMember(db, timeline, viewer!, 'viewer'),
    addMember(db, timeline, participant!, 'participant'),
    addMember(db, timeline, moderator!, 'moderator'),
    addMember(db, timeline, target!, 'participant'),
  ]);
  await db
    .insert(timelineBlockedUsers)
    .values({ timelineId: timeline.id, userId: blocked!.id, blockedBy: owner!.id });
  const [request] = await db
    .insert(timelineJoinRequests)
    .values({ timelineId: timeline.id, userId: requester!.id })
    .returning();
  const post = await buildPost(db, timeline, target!);
  const ownerPost = await buildPost(db, timeline, owner!);
  const users = { outsider, viewer, participant, moderator, owner, blocked, otherOwner } as Record<
    Exclude<Actor, 'visitor'>,
    User
  >;
  const callers = { visitor: callerFor(t.app) } as Record<Actor, Caller>;
  await Promise.all(
    Object.entries(users).map(async ([actor, user]) => {
      callers[actor as Actor] = callerFor(t.app, await cookieFor(t.app, user));
    }),
  );
  return {
    ids: {
      timeline: timeline.id,
      target: target!.id,
      blocked: blocked!.id,
      request: request!.id,
      joinCode: timeline.joinCode,
      post: post.id,
      ownerPost: ownerPost.id,
    },
    callers,
  };
}

type Ids = Cast['ids'];
interface RouteCase {
  name: string;
  call: (as: Caller, ids: Ids) => ReturnType<Caller['get']>;
  expect: Expect;
  /** No caller's answer changes what the next one gets (reads, refusals): one cast serves them all. */
  shared?: boolean;
}

/** A fresh cast per caller unless the route is `shared`. */
function castsFor(route: RouteCase, prepare: (cast: Cast) => Promise<unknown> = async () => {}) {
  let shared: Promise<Cast> | undefined;
  const fresh = async () => {
    const cast = await buildCast(t.app.db);
    await prepare(cast);
    return cast;
  };
  return () => {
    if (!route.shared) return fresh();
    shared ??= fresh();
    return shared;
  };
}

const NOT_VISIBLE = { outsider: 404, blocked: 404, otherOwner: 404 } as const;
const ownerOnly: Expect = { default: 403, owner: 200, ...NOT_VISIBLE };
const membersOnly: Expect = { default: 200, ...NOT_VISIBLE };
const moderators: Expect = { default: 403, owner: 200, moderator: 200, ...NOT_VISIBLE };
const anyone = (status: number): Expect => ({ default: status });
/** Writes of members that viewers may not make (posting, commenting). */
const writers = (status: number): Expect => ({ default: status, viewer: 403, ...NOT_VISIBLE });
/** The owner's and moderators' right to delete a participant's post. */
const deleters: Expect = { default: 403, owner: 200, moderator: 200, ...NOT_VISIBLE };

/** Issue 9's routes. Names carry `:id` (threadline) or `:postId` so a 404 is compared with a ghost's. */
const POST_ROUTES: RouteCase[] = [
  {
    name: 'POST /api/posts {timelineId: :id}',
    call: (as, ids) => as.post('/api/posts', { timelineId: ids.timeline, content: 'Hi' }),
    expect: writers(201),
    shared: true,
  },
  {
    name: 'GET /api/timelines/:id/posts',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/posts?limit=5&type=text`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'GET /api/timelines/:id/search',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/search?q=hel`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST /api/comments {postId: :postId}',
    call: (as, ids) => as.post('/api/comments', { postId: ids.post, content: 'Nice' }),
    expect: writers(201),
    shared: true,
  },
  {
    name: 'GET /api/posts/:postId/comments',
    call: (as, ids) => as.get(`/api/posts/${ids.post}/comments`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST /api/reactions {postId: :postId}',
    call: (as, ids) => as.post('/api/reactions', { postId: ids.post, emoji: HEART }),
    expect: membersOnly,
    shared: true,
  },
  // Issue 25: who reacted, read like the post.
  {
    name: 'GET /api/posts/:postId/reactions',
    call: (as, ids) => as.get(`/api/posts/${ids.post}/reactions`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST /api/timelines/:id/pin/:postId',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/pin/${ids.post}`),
    expect: ownerOnly,
    shared: true,
  },
  {
    name: 'DELETE /api/timelines/:id/pin',
    call: (as, ids) => as.delete(`/api/timelines/${ids.timeline}/pin`),
    expect: ownerOnly,
    shared: true,
  },
  // Issue 24: only the author edits (moderators and the owner no more than anyone else).
  {
    name: "PATCH /api/posts/:postId (the owner's)",
    call: (as, ids) => as.patch(`/api/posts/${ids.ownerPost}`, { content: 'Edited' }),
    expect: ownerOnly,
    shared: true,
  },
  {
    name: "PATCH /api/posts/:postId (a participant's)",
    call: (as, ids) => as.patch(`/api/posts/${ids.post}`, { content: 'Edited' }),
    expect: { default: 403, ...NOT_VISIBLE },
    shared: true,
  },
  {
    name: "DELETE /api/posts/:postId (a participant's)",
    call: (as, ids) => as.delete(`/api/posts/${ids.post}`),
    expect: deleters,
  },
  {
    name: "DELETE /api/posts/:postId (the owner's)",
    call: (as, ids) => as.delete(`/api/posts/${ids.ownerPost}`),
    expect: ownerOnly,
  },
];

const ROUTES: RouteCase[] = [
  {
    name: 'POST /api/timelines',
    call: (as) => as.post('/api/timelines', { name: 'New' }),
    expect: anyone(201),
  },
  { name: 'GET /api/user/timelines', call: (as) => as.get('/api/user/timelines'), expect: anyone(200) },
  {
    name: 'GET /api/user/timelines?filter=archived',
    call: (as) => as.get('/api/user/timelines?filter=archived'),
    expect: anyone(200),
    shared: true,
  },
  {
    name: 'GET unread-counts',
    call: (as) => as.get('/api/user/timelines/unread-counts'),
    expect: anyone(200),
    shared: true,
  },
  {
    name: 'GET /api/pending-requests-summary',
    call: (as) => as.get('/api/pending-requests-summary'),
    expect: anyone(200),
    shared: true,
  },
  { name: 'GET /api/my-join-requests', call: (as) => as.get('/api/my-join-requests'), expect: anyone(200) },
  {
    name: 'GET /api/subscription/status',
    call: (as) => as.get('/api/subscription/status'),
    expect: anyone(200),
    shared: true,
  },
  {
    name: 'POST /api/timelines/join',
    call: (as, ids) => as.post('/api/timelines/join', { joinCode: ids.joinCode }),
    expect: { default: 200, blocked: 403 },
  },
  {
    name: 'GET /api/timelines/:id',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST mark-viewed',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/mark-viewed`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST mark-comments-viewed',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/mark-comments-viewed`),
    expect: membersOnly,
    shared: true,
  },
  {
    name: 'POST archive',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/archive`),
    expect: ownerOnly,
  },
  {
    name: 'POST restore (while active)',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/restore`),
    expect: { ...ownerOnly, owner: 409 },
  },
  {
    name: 'DELETE /api/timelines/:id',
    call: (as, ids) => as.delete(`/api/timelines/${ids.timeline}`),
    expect: ownerOnly,
  },
  {
    name: 'PATCH permissions',
    call: (as, ids) =>
      as.patch(`/api/timelines/${ids.timeline}/permissions`, { allowParticipantPosts: false }),
    expect: ownerOnly,
  },
  {
    name: 'PATCH approval-settings',
    call: (as, ids) =>
      as.patch(`/api/timelines/${ids.timeline}/approval-settings`, { joinApprovalRequired: true }),
    expect: ownerOnly,
  },
  {
    name: 'DELETE members/leave',
    call: (as, ids) => as.delete(`/api/timelines/${ids.timeline}/members/leave`),
    expect: { default: 200, owner: 403, ...NOT_VISIBLE },
  },
  {
    name: 'DELETE members/:userId (remove and block)',
    call: (as, ids) => as.delete(`/api/timelines/${ids.timeline}/members/${ids.target}`, { reason: 'r' }),
    expect: ownerOnly,
  },
  {
    name: 'PATCH members/:userId (role)',
    call: (as, ids) => as.patch(`/api/timelines/${ids.timeline}/members/${ids.target}`, { role: 'viewer' }),
    expect: ownerOnly,
  },
  {
    name: 'GET blocked-users',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/blocked-users`),
    expect: ownerOnly,
    shared: true,
  },
  {
    name: 'POST unblock/:userId',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/unblock/${ids.blocked}`),
    expect: ownerOnly,
  },
  {
    name: 'GET join-requests',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/join-requests`),
    expect: moderators,
    shared: true,
  },
  {
    name: 'GET join-requests?status=pending',
    call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/join-requests?status=pending`),
    expect: moderators,
    shared: true,
  },
  {
    name: 'POST join-requests/:requestId/approve',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/join-requests/${ids.request}/approve`, {}),
    expect: moderators,
  },
  {
    name: 'POST join-requests/:requestId/reject',
    call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/join-requests/${ids.request}/reject`),
    expect: moderators,
  },
  {
    name: "DELETE /api/join-requests/:id (someone else's)",
    call: (as, ids) => as.delete(`/api/join-requests/${ids.request}`),
    expect: anyone(404),
  },
  ...POST_ROUTES,
];

const expected = (e: Expect, actor: Actor) => (actor === 'visitor' ? 401 : (e[actor] ?? e.default));

describe('permission matrix', () => {
  for (const route of ROUTES) {
    it(route.name, async () => {
      const results: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      const nextCast = castsFor(route);
      for (const actor of ACTORS) {
        // A fresh cast per caller (unless shared): one caller's write must not change the next one's answer.
        const cast = await nextCast();
        const res = await route.call(cast.callers[actor], cast.ids);
        results[actor] = res.statusCode;
        wanted[actor] = expected(route.expect, actor);
        if (res.statusCode === 404 && route.name.includes(':id')) {
          // Exactly what a threadline that does not exist answers.
          const ghost = await route.call(cast.callers[actor], { ...cast.ids, timeline: crypto.randomUUID() });
          expect(res.json(), `${actor} ${route.name}`).toEqual(ghost.json());
        } else if (res.statusCode === 404 && route.name.includes(':postId')) {
          // Exactly what a post that does not exist answers.
          const ghostIds = { ...cast.ids, post: crypto.randomUUID(), ownerPost: crypto.randomUUID() };
          const ghost = await route.call(cast.callers[actor], ghostIds);
          expect(res.json(), `${actor} ${route.name}`).toEqual(ghost.json());
        }
        if (res.statusCode === 401) expect(res.json()).toEqual({ message: 'Unauthorized' });
      }
      expect(results).toEqual(wanted);
    });
  }
});

describe('archived threadline', () => {
  const ARCHIVED_ROUTES: RouteCase[] = [
    {
      name: 'GET /api/timelines/:id',
      call: (as, ids) => as.get(`/api/timelines/${ids.timeline}`),
      expect: ownerOnly,
    },
    {
      name: 'POST mark-viewed',
      call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/mark-viewed`),
      expect: ownerOnly,
    },
    {
      name: 'GET join-requests',
      call: (as, ids) => as.get(`/api/timelines/${ids.timeline}/join-requests`),
      expect: ownerOnly,
    },
    {
      name: 'POST approve',
      call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/join-requests/${ids.request}/approve`),
      expect: { ...ownerOnly, owner: 403 },
    },
    {
      name: 'PATCH permissions',
      call: (as, ids) =>
        as.patch(`/api/timelines/${ids.timeline}/permissions`, { allowParticipantPosts: false }),
      expect: { ...ownerOnly, owner: 403 },
    },
    {
      name: 'POST restore',
      call: (as, ids) => as.post(`/api/timelines/${ids.timeline}/restore`),
      expect: ownerOnly,
    },
    {
      name: 'POST join',
      call: (as, ids) => as.post('/api/timelines/join', { joinCode: ids.joinCode }),
      expect: { default: 403 },
    },
    // Issue 9: reads for the owner alone, every write refused ("Timeline is archived").
    ...POST_ROUTES.map((route) => ({
      ...route,
      expect: route.name.startsWith('GET ') ? ownerOnly : { default: 403, ...NOT_VISIBLE },
      shared: true,
    })),
  ];
  for (const route of ARCHIVED_ROUTES) {
    it(route.name, async () => {
      const results: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      const nextCast = castsFor(route, (cast) =>
        cast.callers.owner.post(`/api/timelines/${cast.ids.timeline}/archive`),
      );
      for (const actor of ACTORS) {
        const cast = await nextCast();
        const res = await route.call(cast.callers[actor], cast.ids);
        results[actor] = res.statusCode;
        wanted[actor] = expected(route.expect, actor);
        if (
          res.statusCode === 403 &&
          POST_ROUTES.includes(route as RouteCase) &&
          !route.name.startsWith('GET')
        ) {
          expect(res.json(), `${actor} ${route.name}`).toEqual({ message: 'Timeline is archived' });
        }
      }
      expect(results).toEqual(wanted);
    });
  }
});

describe('deleted threadline', () => {
  // Closed to everything: each route answers what it answers for a threadline (or post) that never existed.
  const DELETED_ROUTES: RouteCase[] = [
    {
      name: 'GET /api/timelines/:id',
      call: (as, ids) => as.get(`/api/timelines/${ids.timeline}`),
      expect: anyone(404),
    },
    ...POST_ROUTES.map((route) => ({ ...route, expect: anyone(404), shared: true })),
  ];
  for (const route of DELETED_ROUTES) {
    it(route.name, async () => {
      const results: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      const nextCast = castsFor(route, (cast) =>
        cast.callers.owner.delete(`/api/timelines/${cast.ids.timeline}`),
      );
      for (const actor of ACTORS) {
        const cast = await nextCast();
        const res = await route.call(cast.callers[actor], cast.ids);
        results[actor] = res.statusCode;
        wanted[actor] = expected(route.expect, actor);
        if (res.statusCode === 404) {
          const onPost = !route.name.includes(':id') && route.name.includes(':postId');
          expect(res.json(), `${actor} ${route.name}`).toEqual({
            message: onPost ? 'Post not found' : 'Timeline not found',
          });
        }
      }
      expect(results).toEqual(wanted);
    });
  }
});
