// The rows a fuzz run works against: a signed-in member with threadlines of their own, one they joined, one
// they cannot see, posts, comments, reactions, conversations and a join request, so that real ids (their
// own and foreign ones) exist for every kind of path parameter and body field.
import type { FastifyInstance } from 'fastify';
import { timelineJoinRequests } from '../../db/schema/index.ts';
import {
  addMember,
  buildComment,
  buildConversation,
  buildMessage,
  buildPost,
  buildReaction,
  buildThreadline,
  buildUser,
  cookieFor,
  signedInUser,
} from '../factories.ts';
import type { IdPools } from './arbitraries.ts';

async function populate(app: FastifyInstance) {
  const db = app.db;
  const member = await signedInUser(app, { displayName: 'Fuzz Member' });
  const other = await buildUser(db, { displayName: 'Other Owner' });
  const stranger = await buildUser(db, { displayName: 'Stranger' });
  const applicant = await buildUser(db);

  const own = await buildThreadline(db, member.user, { name: 'Own', joinApprovalRequired: true });
  const spare = await buildThreadline(db, member.user, { name: 'Spare' });
  const joined = await buildThreadline(db, other, { name: 'Joined' });
  const foreign = await buildThreadline(db, other, { name: 'Foreign' });
  await addMember(db, own, other, 'moderator');
  await addMember(db, own, stranger);
  await addMember(db, joined, member.user);
  await addMember(db, foreign, stranger);

  const posts = [
    await buildPost(db, own, member.user),
    await buildPost(db, own, other, { content: 'Second' }),
    await buildPost(db, spare, member.user),
    await buildPost(db, joined, other),
    await buildPost(db, foreign, other),
  ];
  const comments = [
    await buildComment(db, posts[0]!, other),
    await buildComment(db, posts[3]!, member.user),
    await buildComment(db, posts[4]!, stranger),
  ];
  await buildReaction(db, posts[1]!, member.user);
  const conversations = [
    await buildConversation(db, joined, member.user, other),
    await buildConversation(db, own, other, member.user),
    await buildConversation(db, foreign, other, stranger),
  ];
  for (const c of conversations) await buildMessage(db, c, other);
  const [request] = await db
    .insert(timelineJoinRequests)
    .values({ timelineId: own.id, userId: applicant.id })
    .returning();

  const byKind: Record<string, string[]> = {
    timeline: [own.id, spare.id, joined.id, foreign.id],
    post: posts.map((p) => p.id),
    comment: comments.map((c) => c.id),
    conversation: conversations.map((c) => c.id),
    request: [request!.id],
    user: [member.user.id, other.id, stranger.id, applicant.id],
  };
  const emails = [member.user, other, stranger, applicant].flatMap((u) => (u.email ? [u.email] : []));
  const examples = {
    '/api/posts': [
      { timelineId: own.id, content: 'Fuzzed hello' },
      { timelineId: joined.id, type: 'text', content: 'In a joined threadline' },
      { timelineId: foreign.id, content: 'Not a member' },
      { timelineId: own.id, type: 'image', mediaUrl: '/objects/uploads/nothing-here' },
    ],
  };
  return { member, byKind: { ...byKind, email: emails }, examples };
}

/** Refills `target`'s arrays in place (arbitraries hold references to them). */
function refill(target: Record<string, unknown[]>, source: Record<string, unknown[]>) {
  for (const [key, values] of Object.entries(source)) {
    target[key] ??= [];
    target[key].splice(0, target[key].length, ...values);
  }
}

export async function buildWorld(app: FastifyInstance) {
  const first = await populate(app);
  const all: string[] = [];
  const ids: IdPools = {
    all,
    byKind: {},
    examples: {},
    kindOf: (name, url) => {
      if (name === 'timelineId') return 'timeline';
      if (name === 'postId') return 'post';
      if (name === 'requestId') return 'request';
      if (name === 'userId' || name === 'recipientId') return 'user';
      if (name !== 'id') return undefined;
      if (url.startsWith('/api/timelines/')) return 'timeline';
      if (url.startsWith('/api/posts/')) return 'post';
      if (url.startsWith('/api/conversations/')) return 'conversation';
      if (url.startsWith('/api/join-requests/')) return 'request';
      return undefined;
    },
  };
  const world = {
    member: first.member,
    ids,
    /** A fresh session for the member (after a fuzzed call signed them out). */
    async refreshCookie() {
      world.member.cookie = await cookieFor(app, world.member.user);
    },
    /**
     * New rows (a new member, threadlines, posts...) in the same pools: fuzzed calls that succeed delete and
     * leave threadlines, and later calls would only meet 404s.
     */
    async rebuild() {
      use(await populate(app));
    },
  };
  const use = (rows: Awaited<ReturnType<typeof populate>>) => {
    world.member = rows.member;
    refill(ids.byKind, rows.byKind);
    refill(ids.examples!, rows.examples);
    const { email: _emails, ...idKinds } = rows.byKind;
    all.splice(0, all.length, ...(Object.values(idKinds).flat() as string[]));
  };
  use(first);
  return world;
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
