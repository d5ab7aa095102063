// Owner insights (DECISIONS §9): what timeline_analytics records, in the action's own transaction, and
// GET /api/timelines/{id}/insights: who may read it and its numbers against a seeded fixture.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_ACTIONS as A } from '../../common/analytics.ts';
import { HEART } from '../../common/posts.ts';
import {
  comments,
  posts,
  reactions,
  timelineAnalytics,
  timelineJoinRequests,
  timelineMembers,
  timelines,
} from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, callerFor, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const DAY = 86_400_000;

async function rowsOf(timelineId: string) {
  const rows = await t.app.db
    .select({
      action: timelineAnalytics.action,
      userId: timelineAnalytics.userId,
      metadata: timelineAnalytics.metadata,
    })
    .from(timelineAnalytics)
    .where(eq(timelineAnalytics.timelineId, timelineId))
    .orderBy(timelineAnalytics.createdAt);
  return rows;
}

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app, { displayName: 'Pat' });
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user);
  return { owner, pat, tl };
}

describe('timeline_analytics records each action', () => {
  it('posts (with type), comments, reactions added (not taken back)', async () => {
    const { pat, tl } = await cast();
    const post = (await pat.as.post('/api/posts', { timelineId: tl.id, content: 'Hi', type: 'text' })).json();
    expect((await pat.as.post('/api/comments', { postId: post.id, content: 'Yes' })).statusCode).toBe(201);
    await pat.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    await pat.as.post('/api/reactions', { postId: post.id, emoji: HEART }); // taken back
    expect(await rowsOf(tl.id)).toEqual([
      { action: A.postCreated, userId: pat.user.id, metadata: { type: 'text' } },
      { action: A.commentCreated, userId: pat.user.id, metadata: null },
      { action: A.reactionAdded, userId: pat.user.id, metadata: { emoji: HEART } },
    ]);
  });

  it('joining by code, a join request and its approval, leaving, removal', async () => {
    const owner = await signedInUser(t.app);
    const open = await buildThreadline(t.app.db, owner.user);
    const gated = await buildThreadline(t.app.db, owner.user, { joinApprovalRequired: true });
    const [ann, ben] = [await signedInUser(t.app), await signedInUser(t.app)];
    await ann.as.post('/api/timelines/join', { joinCode: open.joinCode });
    await ann.as.post('/api/timelines/join', { joinCode: open.joinCode }); // already a member: nothing
    await ben.as.post('/api/timelines/join', { joinCode: open.joinCode });
    expect((await ann.as.delete(`/api/timelines/${open.id}/members/leave`)).statusCode).toBe(200);
    expect((await owner.as.delete(`/api/timelines/${open.id}/members/${ben.user.id}`, {})).statusCode).toBe(
      200,
    );
    expect((await rowsOf(open.id)).map((r) => [r.action, r.userId])).toEqual([
      [A.memberJoined, ann.user.id],
      [A.memberJoined, ben.user.id],
      [A.memberLeft, ann.user.id],
      [A.memberRemoved, ben.user.id],
    ]);

    const asked = (await ann.as.post('/api/timelines/join', { joinCode: gated.joinCode })).json();
    expect(asked.status).toBe('pending');
    await ann.as.post('/api/timelines/join', { joinCode: gated.joinCode }); // still pending: nothing
    const [request] = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.timelineId, gated.id));
    const approved = await owner.as.post(
      `/api/timelines/${gated.id}/join-requests/${request!.id}/approve`,
      {},
    );
    expect(approved.statusCode).toBe(200);
    expect((await rowsOf(gated.id)).map((r) => [r.action, r.userId])).toEqual([
      [A.joinRequested, ann.user.id],
      [A.memberJoined, ann.user.id],
    ]);
  });

  it('a view once per member per UTC day, from mark-viewed only', async () => {
    const { owner, pat, tl } = await cast();
    for (const who of [pat, pat, owner]) await who.as.post(`/api/timelines/${tl.id}/mark-viewed`);
    await pat.as.post(`/api/timelines/${tl.id}/mark-comments-viewed`);
    const views = (await rowsOf(tl.id)).filter((r) => r.action === A.timelineViewed);
    expect(views.map((r) => r.userId).sort()).toEqual([owner.user.id, pat.user.id].sort());
    // Yesterday's view does not stop today's.
    await t.app.db
      .update(timelineAnalytics)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(eq(timelineAnalytics.userId, pat.user.id));
    await pat.as.post(`/api/timelines/${tl.id}/mark-viewed`);
    expect((await rowsOf(tl.id)).filter((r) => r.userId === pat.user.id)).toHaveLength(2);
  });

  it('a refused action writes no row', async () => {
    const { owner, tl } = await cast();
    const viewer = await signedInUser(t.app);
    await addMember(t.app.db, tl, viewer.user, 'viewer');
    const post = await buildPost(t.app.db, tl, owner.user);
    expect((await viewer.as.post('/api/posts', { timelineId: tl.id, content: 'x' })).statusCode).toBe(403);
    expect((await viewer.as.post('/api/comments', { postId: post.id, content: 'x' })).statusCode).toBe(403);
    const outsider = await signedInUser(t.app);
    expect((await outsider.as.post(`/api/timelines/${tl.id}/mark-viewed`)).statusCode).toBe(404);
    expect(await rowsOf(tl.id)).toEqual([]);
  });

  it('is in the action’s transaction: when its row cannot be written, the action is not either', async () => {
    const { owner, pat, tl } = await cast();
    const post = await buildPost(t.app.db, tl, owner.user);
    const other = await buildThreadline(t.app.db, owner.user);
    const newcomer = await signedInUser(t.app);
    await t.app.db.execute(
      sql`alter table timeline_analytics add constraint refuse_all check (false) not valid`,
    );
    try {
      const answers = [
        await pat.as.post('/api/posts', { timelineId: tl.id, content: 'lost' }),
        await pat.as.post('/api/comments', { postId: post.id, content: 'lost' }),
        await pat.as.post('/api/reactions', { postId: post.id, emoji: HEART }),
        await newcomer.as.post('/api/timelines/join', { joinCode: other.joinCode }),
        await pat.as.delete(`/api/timelines/${tl.id}/members/leave`),
        await pat.as.post(`/api/timelines/${tl.id}/mark-viewed`),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    } finally {
      await t.app.db.execute(sql`alter table timeline_analytics drop constraint refuse_all`);
    }
    const count = async (table: typeof posts | typeof comments | typeof reactions, where = sql`true`) =>
      (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;
    expect(await count(posts, eq(posts.timelineId, tl.id))).toBe(1);
    expect(await count(comments, eq(comments.postId, post.id))).toBe(0);
    expect(await count(reactions, eq(reactions.postId, post.id))).toBe(0);
    const memberOf = (id: string, userId: string) =>
      t.app.db
        .select()
        .from(timelineMembers)
        .where(and(eq(timelineMembers.timelineId, id), eq(timelineMembers.userId, userId)));
    expect(await memberOf(other.id, newcomer.user.id)).toEqual([]);
    expect(await memberOf(tl.id, pat.user.id)).toHaveLength(1);
  });
});

describe('a deleted threadline', () => {
  it('takes its analytics rows with it', async () => {
    const { owner, pat, tl } = await cast();
    await pat.as.post('/api/posts', { timelineId: tl.id, content: 'Hi' });
    expect(await rowsOf(tl.id)).toHaveLength(1);
    expect((await owner.as.delete(`/api/timelines/${tl.id}`)).statusCode).toBe(200);
    expect(await rowsOf(tl.id)).toEqual([]);
  });
});

describe('GET /api/timelines/{id}/insights', () => {
  it('answers owners and moderators; 404 to participants, viewers, outsiders; 401 to visitors', async () => {
    const { owner, pat, tl } = await cast();
    const [mod, viewer, outsider] = [
      await signedInUser(t.app),
      await signedInUser(t.app),
      await signedInUser(t.app),
    ];
    await addMember(t.app.db, tl, mod.user, 'moderator');
    await addMember(t.app.db, tl, viewer.user, 'viewer');
    const url = `/api/timelines/${tl.id}/insights?days=7`;
    expect((await owner.as.get(url)).statusCode).toBe(200);
    expect((await mod.as.get(url)).statusCode).toBe(200);
    for (const who of [pat, viewer, outsider]) {
      const res = await who.as.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await callerFor(t.app).get(url)).statusCode).toBe(401);
    // A moderator removed (and so blocked) learns nothing more.
    expect((await owner.as.delete(`/api/timelines/${tl.id}/members/${mod.user.id}`, {})).statusCode).toBe(
      200,
    );
    expect((await mod.as.get(url)).statusCode).toBe(404);
    expect((await owner.as.get(`/api/timelines/${crypto.randomUUID()}/insights?days=7`)).statusCode).toBe(
      404,
    );
  });

  it('400 for a range other than 7, 30 or 90 days', async () => {
    const { owner, tl } = await cast();
    for (const q of ['', '?days=', '?days=14', '?days=abc', '?days=7.0', '?days=-7']) {
      const res = await owner.as.get(`/api/timelines/${tl.id}/insights${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
  });

  it('archived: its owner still reads it, a moderator is refused; deleted: 404', async () => {
    const { owner, tl } = await cast();
    const mod = await signedInUser(t.app);
    await addMember(t.app.db, tl, mod.user, 'moderator');
    await t.app.db.update(timelines).set({ archivedAt: new Date() }).where(eq(timelines.id, tl.id));
    const url = `/api/timelines/${tl.id}/insights?days=30`;
    expect((await owner.as.get(url)).statusCode).toBe(200);
    expect((await mod.as.get(url)).statusCode).toBe(403);
    await t.app.db.update(timelines).set({ deletedAt: new Date() }).where(eq(timelines.id, tl.id));
    expect((await owner.as.get(url)).statusCode).toBe(404);
  });

  it('counts each UTC day of the range, zeros included; a leaver is counted but not named', async () => {
    const { owner, pat, tl } = await cast();
    const lee = await signedInUser(t.app, { displayName: 'Lee' });
    await addMember(t.app.db, tl, lee.user);
    const today = new Date(new Date().toISOString().slice(0, 10));
    const at = (daysAgo: number, hour = 12) => new Date(today.getTime() - daysAgo * DAY + hour * 3_600_000);
    const row = (
      daysAgo: number,
      userId: string,
      action: string,
      metadata: object | null = null,
      hour = 12,
    ) => ({
      timelineId: tl.id,
      userId,
      action,
      metadata,
      createdAt: at(daysAgo, hour),
    });
    const o = owner.user.id;
    const p = pat.user.id;
    const l = lee.user.id;
    await t.app.db.insert(timelineAnalytics).values([
      row(0, p, A.postCreated, { type: 'text' }),
      row(0, p, A.postCreated, { type: 'image' }),
      row(0, l, A.commentCreated),
      row(0, o, A.timelineViewed, null, 0), // 00:00 UTC: still today
      row(2, l, A.postCreated, { type: 'text' }),
      row(2, l, A.postCreated, { type: 'audio' }),
      row(2, l, A.postCreated, { type: 'text' }),
      row(2, p, A.reactionAdded, { emoji: HEART }),
      row(2, p, A.reactionAdded, { emoji: HEART }, 13),
      row(2, l, A.memberJoined),
      row(2, p, A.memberJoined),
      row(2, o, A.joinRequested), // not an activity
      row(6, o, A.commentCreated, null, 23),
      row(7, o, A.postCreated, { type: 'video' }), // a day before the 7-day range
      row(40, p, A.postCreated, { type: 'file' }), // only in 90 days
    ]);
    // Lee leaves: their rows stay in the totals, their name leaves the top members.
    expect((await lee.as.delete(`/api/timelines/${tl.id}/members/leave`)).statusCode).toBe(200);

    const week = (await owner.as.get(`/api/timelines/${tl.id}/insights?days=7`)).json();
    const zero = { posts: 0, comments: 0, reactions: 0, activeMembers: 0, newMembers: 0 };
    const dates = Array.from({ length: 7 }, (_, i) =>
      at(6 - i)
        .toISOString()
        .slice(0, 10),
    );
    expect(week.days).toBe(7);
    expect(week.series).toEqual([
      { date: dates[0], ...zero, comments: 1, activeMembers: 1 },
      { date: dates[1], ...zero },
      { date: dates[2], ...zero },
      { date: dates[3], ...zero },
      { date: dates[4], posts: 3, comments: 0, reactions: 2, activeMembers: 2, newMembers: 2 },
      { date: dates[5], ...zero },
      // Today also holds Lee's leaving (not an activity).
      { date: dates[6], posts: 2, comments: 1, reactions: 0, activeMembers: 3, newMembers: 0 },
    ]);
    expect(week.postTypes).toEqual({ text: 3, image: 1, video: 0, audio: 1, file: 0, gallery: 0 });
    expect(week.topMembers).toEqual([
      { user: { id: p, name: 'Pat' }, posts: 2, comments: 0 },
      { user: { id: o, name: expect.any(String) }, posts: 0, comments: 1 },
    ]);

    const quarter = (await owner.as.get(`/api/timelines/${tl.id}/insights?days=90`)).json();
    expect(quarter.series).toHaveLength(90);
    expect(quarter.series.at(-1).date).toBe(dates[6]);
    expect(quarter.postTypes).toMatchObject({ text: 3, video: 1, file: 1 });
    expect(quarter.topMembers[0]).toEqual({ user: { id: p, name: 'Pat' }, posts: 3, comments: 0 });
  });
});
