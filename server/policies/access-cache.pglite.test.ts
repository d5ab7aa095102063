// Threadline access from memory on the embedded database (issue 28, access-cache.ts): which writes it hears
// of, its own rules, and each change of access showing on the very next request after reads from memory.
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { accessWriteEffect } from '../db/pglite/writes.ts';
import { timelineMembers, timelines, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import { AccessCache } from './access-cache.ts';
import type { TimelineAccess } from './timeline.ts';

const d = drizzle.mock({ schema: { timelines, timelineMembers, users } });
const effectOf = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = q.toSQL();
  return accessWriteEffect(text, params);
};

describe('accessWriteEffect', () => {
  it('narrows the writes that name one threadline', () => {
    const one = { kind: 'timeline', id: 't1' };
    expect(effectOf(d.update(timelines).set({ name: 'x' }).where(eq(timelines.id, 't1')))).toEqual(one);
    expect(
      effectOf(
        d
          .update(timelines)
          .set({ feedVersion: sql`${timelines.feedVersion} + 1` })
          .where(eq(timelines.id, 't1'))
          .returning(),
      ),
    ).toEqual(one);
    expect(
      accessWriteEffect('update timelines set feed_version = feed_version + 1 where id = $1', ['t1']),
    ).toEqual(one);
    const member = sql`${timelineMembers.timelineId} = ${'t1'} and ${timelineMembers.userId} = ${'u1'}`;
    expect(effectOf(d.update(timelineMembers).set({ role: 'viewer' }).where(member))).toEqual(one);
    expect(effectOf(d.delete(timelineMembers).where(eq(timelineMembers.timelineId, 't1')))).toEqual(one);
  });

  it('hears nothing from reads, new rows and other tables', () => {
    const none = { kind: 'none' };
    expect(effectOf(d.select().from(timelines).where(eq(timelines.id, 't1')))).toEqual(none);
    expect(effectOf(d.insert(timelineMembers).values({ timelineId: 't1', userId: 'u1' }))).toEqual(none);
    expect(effectOf(d.insert(timelines).values({ name: 'x', joinCode: 'ABC', ownerId: 'u1' }))).toEqual(none);
    expect(effectOf(d.update(users).set({ bio: 'x' }).where(eq(users.id, 'u1')))).toEqual(none);
    expect(
      accessWriteEffect('update "posts" set "content" = $1 where "posts"."id" = $2', ['x', 'p']),
    ).toEqual(none);
  });

  it('forgets everything for whatever it cannot narrow down', () => {
    const all = { kind: 'all' };
    expect(
      effectOf(
        d
          .update(timelines)
          .set({ pinnedPostId: null })
          .where(inArray(timelines.id, ['a'])),
      ),
    ).toEqual(all);
    expect(effectOf(d.delete(users).where(eq(users.id, 'u1')))).toEqual(all);
    expect(
      effectOf(
        d
          .insert(timelineMembers)
          .values({ timelineId: 't1', userId: 'u1' })
          .onConflictDoUpdate({
            target: [timelineMembers.timelineId, timelineMembers.userId],
            set: { role: 'x' },
          }),
      ),
    ).toEqual(all);
    for (const text of [
      'update timelines set feed_version = feed_version + 1 where id in (select timeline_id from posts)',
      'update "timelines" set "name" = $1 where "timelines"."id" = $2 or true',
      'update "timeline_members" set "role" = $1 where "timeline_members"."user_id" = $2',
      'with gone as (delete from timeline_members where user_id = $1 returning 1) select * from gone',
      'truncate timelines cascade',
      'alter table "timeline_members" add column "x" text',
    ]) {
      expect(accessWriteEffect(text, ['a', 'b']), text).toEqual(all);
    }
    // The parameter is not a string: nothing to narrow by.
    expect(
      accessWriteEffect('update timelines set feed_version = feed_version + 1 where id = $1', [1]),
    ).toEqual(all);
  });
});

const accessOf = (timelineId: string, userId: string) =>
  ({ timeline: { id: timelineId }, member: { userId } }) as unknown as TimelineAccess;
/** Keeps (threadline, person) read at `version` (now when not given). */
const put = (cache: AccessCache, [tl, user]: [string, string], version = cache.version) =>
  cache.set(AccessCache.key(tl, user), accessOf(tl, user), version);
const kept = (cache: AccessCache, ...pairs: [string, string][]) =>
  pairs.map(([tl, user]) => Boolean(cache.get(AccessCache.key(tl, user))));

describe('AccessCache', () => {
  it('forgets a threadline’s entries, or all, and keeps nothing read before a write', () => {
    const cache = new AccessCache(10);
    for (const pair of [
      ['t1', 'a'],
      ['t1', 'b'],
      ['t2', 'a'],
    ] as [string, string][])
      put(cache, pair);
    cache.forget({ kind: 'timeline', id: 't1' });
    expect(kept(cache, ['t1', 'a'], ['t1', 'b'], ['t2', 'a'])).toEqual([false, false, true]);
    // Read before that write: not kept.
    const before = cache.version;
    cache.forget({ kind: 'timeline', id: 't9' });
    put(cache, ['t1', 'a'], before);
    expect(kept(cache, ['t1', 'a'])).toEqual([false]);
    cache.forget({ kind: 'all' });
    expect(cache.size).toBe(0);
  });

  it('keeps so many, least recently used first, and none past their age', () => {
    let now = 0;
    const cache = new AccessCache(2, () => now);
    put(cache, ['t1', 'a']);
    put(cache, ['t2', 'a']);
    kept(cache, ['t1', 'a']);
    put(cache, ['t3', 'a']);
    expect(kept(cache, ['t1', 'a'], ['t2', 'a'], ['t3', 'a'])).toEqual([true, false, true]);
    // A frozen row: a route that changed it would change every later request's.
    expect(Object.isFrozen(cache.get(AccessCache.key('t1', 'a'))?.member)).toBe(true);
    now = 5 * 60 * 1000 + 1;
    expect(kept(cache, ['t1', 'a'])).toEqual([false]);
    expect(new AccessCache(0).size).toBe(0);
  });
});

describe('each change of access, on the next request after reads from memory', () => {
  const t = setupTestApp();

  async function world() {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, member.user, 'moderator');
    const base = `/api/timelines/${tl.id}`;
    // Two reads each: the second from memory.
    const cache = t.app.accessCache!;
    const hits = cache.hits;
    for (const who of [owner, member, owner, member]) expect((await who.as.get(base)).statusCode).toBe(200);
    expect(cache.hits - hits).toBeGreaterThanOrEqual(2);
    return { owner, member, tl, base };
  }

  it('a role change', async () => {
    const w = await world();
    await w.owner.as.patch(`${w.base}/members/${w.member.user.id}`, { role: 'viewer' });
    expect((await w.member.as.get(w.base)).json().member.role).toBe('viewer');
    const post = await w.member.as.post('/api/posts', { timelineId: w.tl.id, type: 'text', content: 'hi' });
    expect(post.statusCode).toBe(403);
  });

  it('a removal with a block, and leaving', async () => {
    const w = await world();
    await w.owner.as.delete(`${w.base}/members/${w.member.user.id}`, { reason: 'Spam' });
    expect((await w.member.as.get(w.base)).statusCode).toBe(404);
    expect((await w.member.as.get(`${w.base}/posts`)).statusCode).toBe(404);

    const v = await world();
    expect((await v.member.as.delete(`${v.base}/members/leave`)).statusCode).toBe(200);
    expect((await v.member.as.get(v.base)).statusCode).toBe(404);
  });

  it('an archive, a restore and a deletion', async () => {
    const w = await world();
    await w.owner.as.post(`${w.base}/archive`);
    expect((await w.member.as.get(w.base)).statusCode).toBe(403);
    expect((await w.owner.as.get(w.base)).json().timeline.archivedAt).not.toBeNull();
    await w.owner.as.post(`${w.base}/restore`);
    expect((await w.member.as.get(w.base)).statusCode).toBe(200);
    await w.owner.as.delete(w.base);
    for (const who of [w.owner, w.member]) expect((await who.as.get(w.base)).statusCode).toBe(404);
  });

  it('an ownership transfer and the threadline’s permissions', async () => {
    const w = await world();
    await w.owner.as.post(`${w.base}/transfer`, { userId: w.member.user.id });
    expect((await w.member.as.post(`${w.base}/transfer/accept`)).statusCode).toBe(200);
    expect((await w.member.as.get(w.base)).json().member.role).toBe('owner');
    expect((await w.owner.as.get(w.base)).json().member.role).toBe('moderator');

    const v = await world();
    await v.owner.as.patch(`${v.base}/members/${v.member.user.id}`, { role: 'participant' });
    await v.member.as.get(v.base);
    expect(
      (await v.owner.as.patch(`${v.base}/permissions`, { allowParticipantPosts: false })).statusCode,
    ).toBe(200);
    const post = await v.member.as.post('/api/posts', { timelineId: v.tl.id, type: 'text', content: 'hi' });
    expect(post.statusCode).toBe(403);
  });

  it('a write no route makes (any statement on those tables)', async () => {
    const w = await world();
    await t.app.db
      .update(timelineMembers)
      .set({ role: 'viewer' })
      .where(inArray(timelineMembers.userId, [w.member.user.id]));
    expect((await w.member.as.get(w.base)).json().member.role).toBe('viewer');
    await t.app.db.delete(users).where(eq(users.id, w.owner.user.id));
    expect((await w.member.as.get(w.base)).statusCode).toBe(404);
  });

  it('keeps nothing for outsiders, however many threadlines they try', async () => {
    const w = await world();
    const outsider = await signedInUser(t.app);
    const size = t.app.accessCache!.size;
    const others = await Promise.all(
      Array.from({ length: 20 }, () => buildThreadline(t.app.db, w.owner.user)),
    );
    const reads = await Promise.all(
      [w.tl, ...others].map((tl) => outsider.as.get(`/api/timelines/${tl.id}`)),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 404));
    expect(t.app.accessCache!.size).toBe(size);
  });

  it('reads racing a removal and a block: once the removal is answered, every later read is refused', async () => {
    const w = await world();
    const read = () => w.member.as.get(`${w.base}/posts`);
    const before = Array.from({ length: 20 }, read);
    const removal = w.owner.as.delete(`${w.base}/members/${w.member.user.id}`, { reason: 'Spam' });
    const during = Array.from({ length: 20 }, read);
    expect((await removal).statusCode).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, read));
    for (const res of [...(await Promise.all(before)), ...(await Promise.all(during))]) {
      expect([200, 404]).toContain(res.statusCode);
    }
    expect(after.map((r) => r.statusCode)).toEqual(after.map(() => 404));
    expect(t.app.accessCache!.get(AccessCache.key(w.tl.id, w.member.user.id))).toBeUndefined();
  });
});
