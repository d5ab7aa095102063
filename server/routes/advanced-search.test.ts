// GET /api/search (DECISIONS §9): the searcher's plan, access in SQL (blocked, left, deleted, archived,
// outsiders' ids), websearch syntax, comments, filters, both orders with keyset paging, and excerpts that
// carry no HTML but <mark>.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchResponse, searchResponse } from '../../common/schemas/search.ts';
import { timelineBlockedUsers, timelineMembers, timelines, users } from '../db/schema/index.ts';
import { buildTestApp, setupTestApp, type TestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildThreadline,
  type Caller,
  callerFor,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

async function search(as: Caller, query: Record<string, string>): Promise<SearchResponse> {
  const res = await as.get(`/api/search?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return searchResponse.parse(res.json());
}

const idsOf = (r: SearchResponse) => r.results.map((x) => (x.kind === 'comment' ? x.comment!.id : x.post.id));

/** A unique word per test, so tests sharing the database never see each other's posts. */
const word = () => `w${Math.random().toString(36).slice(2, 10)}`;

const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

describe('advanced search: the gate', () => {
  it('answers 401 to a visitor', async () => {
    const res = await callerFor(t.app).get('/api/search?q=hello');
    expect(res.statusCode).toBe(401);
  });

  it('is the searcher’s plan: free 403 planUpgradeRequired, pro and community 200', async () => {
    const free = await signedInUser(t.app);
    const res = await free.as.get('/api/search?q=hello');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Advanced search is part of Pro and Community',
      planUpgradeRequired: true,
    });
    for (const plan of ['pro', 'community'] as const) {
      const paying = await signedInUser(t.app, { plan });
      expect((await paying.as.get('/api/search?q=hello')).statusCode).toBe(200);
    }
    // A downgrade takes it away again.
    const was = await signedInUser(t.app, { plan: 'pro' });
    await t.app.db.update(users).set({ plan: 'free' }).where(eq(users.id, was.user.id));
    expect((await was.as.get('/api/search?q=hello')).statusCode).toBe(403);
  });

  describe('with BILLING_PROVIDER=off', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await buildTestApp({ BILLING_PROVIDER: 'off' });
    });
    afterAll(async () => off?.close());
    it('is on for a free user', async () => {
      const free = await signedInUser(off.app);
      const tl = await buildThreadline(off.app.db, free.user);
      const w = word();
      const post = await buildPost(off.app.db, tl, free.user, { content: `hello ${w}` });
      const res = await free.as.get(`/api/search?q=${w}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(searchResponse.parse(res.json()))).toEqual([post.id]);
    });
  });

  it('refuses bad input with 400 {message}', async () => {
    const pro = await signedInUser(t.app, { plan: 'pro' });
    for (const q of [
      'q=',
      'q=a&scope=nope',
      'q=a&order=nope',
      'q=a&timelineIds=nope',
      'q=a&authorId=x',
      'q=a&from=yesterday',
      'q=a&cursor=bm9wZQ',
      'q=-onlyexcluded',
      `q=${'x'.repeat(2001)}`,
    ]) {
      const res = await pro.as.get(`/api/search?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message, q).toBe('string');
    }
    // Punctuation alone finds nothing rather than failing.
    expect((await search(pro.as, { q: '"&|!:*' })).results).toEqual([]);
  });
});

describe('advanced search: access', () => {
  it('finds only threadlines the searcher can read now', async () => {
    const me = await signedInUser(t.app, { plan: 'pro' });
    const other = await signedInUser(t.app);
    const w = word();
    const mine = await buildThreadline(t.app.db, me.user);
    const joined = await buildThreadline(t.app.db, other.user);
    await addMember(t.app.db, joined, me.user, 'viewer');
    const left = await buildThreadline(t.app.db, other.user);
    const blocked = await buildThreadline(t.app.db, other.user);
    await t.app.db.insert(timelineBlockedUsers).values({ timelineId: blocked.id, userId: me.user.id });
    const deleted = await buildThreadline(t.app.db, other.user);
    await addMember(t.app.db, deleted, me.user);
    await t.app.db.update(timelines).set({ deletedAt: new Date() }).where(eq(timelines.id, deleted.id));
    const archivedTheirs = await buildThreadline(t.app.db, other.user);
    await addMember(t.app.db, archivedTheirs, me.user);
    await t.app.db
      .update(timelines)
      .set({ archivedAt: new Date() })
      .where(eq(timelines.id, archivedTheirs.id));
    const archivedMine = await buildThreadline(t.app.db, me.user, { archivedAt: new Date() });
    const outsider = await buildThreadline(t.app.db, other.user);

    const visible = [
      await buildPost(t.app.db, mine, me.user, { content: `${w} mine`, createdAt: at(1) }),
      await buildPost(t.app.db, joined, other.user, { content: `${w} joined`, createdAt: at(2) }),
      await buildPost(t.app.db, archivedMine, me.user, { content: `${w} archived mine`, createdAt: at(3) }),
    ];
    const hidden = [left, blocked, deleted, archivedTheirs, outsider];
    for (const [i, tl] of hidden.entries()) {
      const p = await buildPost(t.app.db, tl, other.user, { content: `${w} hidden`, createdAt: at(10 + i) });
      await buildComment(t.app.db, p, other.user, { content: `${w} hidden comment` });
    }
    // A member who left keeps nothing (they were a member once).
    await addMember(t.app.db, left, me.user);
    await t.app.db
      .delete(timelineMembers)
      .where(and(eq(timelineMembers.timelineId, left.id), eq(timelineMembers.userId, me.user.id)));

    const all = await search(me.as, { q: w });
    expect(idsOf(all)).toEqual(visible.map((p) => p.id).reverse());
    expect(all.results.map((r) => r.timeline)).toEqual([
      { id: archivedMine.id, name: archivedMine.name },
      { id: joined.id, name: joined.name },
      { id: mine.id, name: mine.name },
    ]);
    // Naming others' threadlines reveals nothing; naming one's own narrows.
    const named = await search(me.as, {
      q: w,
      timelineIds: [...hidden.map((tl) => tl.id), mine.id].join(','),
    });
    expect(idsOf(named)).toEqual([visible[0]!.id]);
    expect((await search(me.as, { q: w, timelineIds: hidden.map((tl) => tl.id).join(',') })).results).toEqual(
      [],
    );
  });

  it('never finds tombstones, nor comments under them; e-mail only to the threadline owner', async () => {
    const owner = await signedInUser(t.app, { plan: 'community' });
    const pat = await signedInUser(t.app, { plan: 'pro' });
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, pat.user);
    const w = word();
    const gone = await buildPost(t.app.db, tl, pat.user, { content: `${w} gone`, deletedAt: new Date() });
    await buildComment(t.app.db, gone, pat.user, { content: `${w} under a tombstone` });
    const post = await buildPost(t.app.db, tl, pat.user, { content: `${w} here` });
    const mine = await search(pat.as, { q: w });
    expect(idsOf(mine)).toEqual([post.id]);
    expect(mine.results[0]!.post.author.email).toBeNull();
    const theirs = await search(owner.as, { q: w });
    expect(theirs.results[0]!.post.author.email).toBe(pat.user.email);
  });
});

describe('advanced search: queries, filters and order', () => {
  async function cast() {
    const me = await signedInUser(t.app, { plan: 'pro' });
    const pat = await signedInUser(t.app);
    const a = await buildThreadline(t.app.db, me.user);
    const b = await buildThreadline(t.app.db, pat.user);
    await addMember(t.app.db, b, me.user);
    const w = word();
    const red = await buildPost(t.app.db, a, me.user, { content: `${w} red apple pie`, createdAt: at(1) });
    const green = await buildPost(t.app.db, b, pat.user, {
      content: `${w} green apple, not pie`,
      createdAt: at(2),
    });
    const photo = await buildPost(t.app.db, b, pat.user, {
      type: 'image',
      content: `${w} pie photo`,
      mediaUrl: '/media/p.jpg',
      fileName: 'p.jpg',
      createdAt: at(3),
    });
    const comment = await buildComment(t.app.db, red, pat.user, {
      content: `${w} I love apple pie`,
      createdAt: at(4),
    });
    return { me, pat, a, b, w, red, green, photo, comment };
  }

  it('phrases, exclusions and OR (websearch syntax), comments included', async () => {
    const { me, w, red, green, photo, comment } = await cast();
    const ids = async (q: string, extra: Record<string, string> = {}) =>
      idsOf(await search(me.as, { q: `${w} ${q}`, ...extra }));
    expect(await ids('"apple pie"')).toEqual([comment.id, red.id]);
    expect(await ids('pie -apple')).toEqual([photo.id]);
    expect(await ids('red OR green')).toEqual([green.id, red.id]);
    expect(await ids('love')).toEqual([comment.id]);
    const [hit] = (await search(me.as, { q: `${w} love` })).results;
    expect(hit).toMatchObject({ kind: 'comment', post: { id: red.id }, comment: { id: comment.id } });
    expect(await ids('pie', { scope: 'posts' })).toEqual([photo.id, green.id, red.id]);
    expect(await ids('pie', { scope: 'comments' })).toEqual([comment.id]);
  });

  it('filters by threadline, author, type, dates and media', async () => {
    const { me, pat, a, b, w, red, green, photo, comment } = await cast();
    const ids = async (extra: Record<string, string>) => idsOf(await search(me.as, { q: w, ...extra }));
    expect(await ids({ timelineIds: a.id })).toEqual([comment.id, red.id]);
    expect(await ids({ timelineIds: `${a.id},${b.id}`, scope: 'posts' })).toEqual([
      photo.id,
      green.id,
      red.id,
    ]);
    expect(await ids({ authorId: pat.user.id })).toEqual([comment.id, photo.id, green.id]);
    expect(await ids({ type: 'image' })).toEqual([photo.id]);
    expect(await ids({ hasMedia: 'true' })).toEqual([photo.id]);
    expect(await ids({ hasMedia: 'false', scope: 'posts' })).toEqual([green.id, red.id]);
    expect(await ids({ from: at(2).toISOString(), to: at(3).toISOString() })).toEqual([photo.id, green.id]);
    expect(await ids({ from: '2026-01-01', to: '2026-01-01' })).toHaveLength(4);
    expect(await ids({ to: '2025-12-31' })).toEqual([]);
    expect(await ids({ from: '2026-01-02' })).toEqual([]);
  });

  it('pages newest first and by relevance without repeats or gaps', async () => {
    const me = await signedInUser(t.app, { plan: 'pro' });
    const tl = await buildThreadline(t.app.db, me.user);
    const w = word();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      // Same timestamp for some, so the id breaks ties; more repetitions rank higher.
      const post = await buildPost(t.app.db, tl, me.user, {
        content: `${w} ${'pie '.repeat(1 + (i % 3))}`,
        createdAt: at(i < 4 ? 1 : i),
      });
      made.push(post.id);
      const c = await buildComment(t.app.db, post, me.user, { content: `pie ${w}`, createdAt: at(1) });
      made.push(c.id);
    }
    for (const order of ['recent', 'relevance']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: SearchResponse = await search(me.as, {
          q: `${w} pie`,
          order,
          limit: '3',
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...idsOf(page));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(new Set(seen).size, order).toBe(seen.length);
      expect([...seen].sort(), order).toEqual([...made].sort());
      const whole = idsOf(await search(me.as, { q: `${w} pie`, order, limit: '50' }));
      expect(seen, order).toEqual(whole);
    }
    // Relevance puts the posts with the most "pie" first.
    const ranked = await search(me.as, { q: 'pie', order: 'relevance', scope: 'posts' });
    expect(ranked.results[0]!.post.content).toContain('pie pie pie');
  });

  it('searches the first 16 terms of a long query', async () => {
    const me = await signedInUser(t.app, { plan: 'pro' });
    const tl = await buildThreadline(t.app.db, me.user);
    const w = word();
    const post = await buildPost(t.app.db, tl, me.user, { content: `${w} one two` });
    const filler = Array.from({ length: 15 }, () => w).join(' ');
    // The 17th term (absent from every post) is not searched.
    expect(idsOf(await search(me.as, { q: `${w} ${filler} absentword` }))).toEqual([post.id]);
    expect(idsOf(await search(me.as, { q: `${w} absentword` }))).toEqual([]);
  });

  it('escapes the excerpt: only <mark> is markup', async () => {
    const me = await signedInUser(t.app, { plan: 'pro' });
    const tl = await buildThreadline(t.app.db, me.user);
    const w = word();
    await buildPost(t.app.db, tl, me.user, {
      content: `<script>alert(1)</script> <mark>${w}</mark> & "quotes" 'too' <img src=x onerror=alert(1)>`,
    });
    const [hit] = (await search(me.as, { q: w })).results;
    // ts_headline cuts the fragment at word boundaries; what it keeps is text, never markup.
    expect(hit!.excerpt).toContain('alert(1)&lt;/script&gt; &lt;mark&gt;');
    expect(hit!.excerpt).toContain(`&lt;mark&gt;<mark>${w}</mark>&lt;/mark&gt;`);
    expect(hit!.excerpt).toContain('&amp; &quot;quotes&quot; &#39;too&#39; &lt;img src=x');
    expect(hit!.excerpt.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });
});
