// The page-1 cache's own rules (issue 28): versions, the byte bound (least recently used go first), the cut
// where each post's own reactions go, each viewer's reactions kept with the page, and its figures in /metrics.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import { countQueries } from '../test/query-count.ts';
import { CachedPage, cachedPage, FeedCache, VIEWERS_PER_PAGE } from './feed-cache.ts';

const pageOf = (bytes: number) => new CachedPage(['[]'], [], [], bytes);

describe('FeedCache', () => {
  it('serves a page at its version only; an older one is dropped, a newer one kept', () => {
    const cache = new FeedCache(1000);
    cache.set('k', 5, pageOf(10));
    expect(cache.get('k', 5)).toBeDefined();
    // A reader that read the version before a write: a miss, and the newer page stays.
    expect(cache.get('k', 4)).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
    // Nor does that reader's page replace it.
    cache.set('k', 4, pageOf(20));
    expect(cache.get('k', 5)?.bytes).toBe(10);
    expect(cache.get('k', 6)).toBeUndefined();
    expect(cache.stats()).toEqual({ bytes: 0, entries: 0, hits: 2, misses: 2 });
  });

  it('keeps within its bytes, the least recently used going first; 0 is off', () => {
    const cache = new FeedCache(100);
    cache.set('a', 1, pageOf(40));
    cache.set('b', 1, pageOf(40));
    cache.get('a', 1);
    cache.set('c', 1, pageOf(40));
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    expect(cache.stats().bytes).toBe(80);
    cache.set('huge', 1, pageOf(101));
    expect(cache.stats().entries).toBe(2);
    expect(new FeedCache(0).enabled).toBe(false);
  });

  it('keeps a viewer’s own reactions with the page at its version, within the page’s bytes and viewers', () => {
    const cache = new FeedCache(100_000);
    cache.set('k', 5, pageOf(100));
    const mine = new Map([['p1', ['👍']]]);
    cache.keepMine('k', 5, 'ada', mine);
    expect(cache.mine('k', 5, 'ada')).toBe(mine);
    expect(cache.mine('k', 5, 'bob')).toBeUndefined();
    expect(cache.mine('k', 6, 'ada')).toBeUndefined();
    // Not kept for another version, nor without a page.
    cache.keepMine('k', 4, 'bob', mine);
    cache.keepMine('other', 5, 'bob', mine);
    expect([cache.mine('k', 4, 'bob'), cache.mine('k', 5, 'bob'), cache.mine('other', 5, 'bob')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const withAda = cache.stats().bytes;
    expect(withAda).toBeGreaterThan(100);
    // The page's next version starts with nobody's.
    cache.set('k', 6, pageOf(100));
    expect(cache.mine('k', 6, 'ada')).toBeUndefined();
    expect(cache.stats().bytes).toBe(100);
    // A page keeps so many viewers, the least recently kept going first, and their bytes go with them.
    for (let i = 0; i <= VIEWERS_PER_PAGE; i++) cache.keepMine('k', 6, `v${i}`, new Map());
    expect(cache.mine('k', 6, 'v0')).toBeUndefined();
    expect(cache.mine('k', 6, `v${VIEWERS_PER_PAGE}`)).toBeDefined();
    const full = cache.stats().bytes;
    cache.keepMine('k', 6, 'v1', new Map());
    expect(cache.stats().bytes).toBe(full);
    cache.clear();
    expect(cache.stats().bytes).toBe(0);
  });

  it('counts viewers’ reactions in its bytes: past the bound, the least recently used page goes', () => {
    const cache = new FeedCache(1_000);
    cache.set('a', 1, pageOf(300));
    cache.set('b', 1, pageOf(300));
    const many = new Map(Array.from({ length: 2 }, (_, i) => [`post-${i}`, ['👍', '🎉']]));
    cache.keepMine('a', 1, 'ada', many);
    cache.keepMine('b', 1, 'ada', many);
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.mine('b', 1, 'ada')).toBe(many);
  });

  it('cuts a page where each post’s own reactions go, whatever the text holds', () => {
    const tricky = '"myReactions":[] ,"myReactions":[] {"myReactions":[]}';
    const posts = [
      { id: 'a', deletedAt: null, content: tricky, myReactions: ['👍'] },
      { id: 'b', deletedAt: '2026-01-01T00:00:00Z', content: null, myReactions: [] },
    ] as unknown as Post[];
    const page = cachedPage(posts, (p) => JSON.stringify(p))!;
    expect(page.liveIds).toEqual(['a']);
    const mine = new Map([['a', ['🎉', '👍']]]);
    expect(JSON.parse(page.render(mine))).toEqual([
      { ...posts[0], myReactions: ['🎉', '👍'] },
      { ...posts[1], myReactions: [] },
    ]);
  });
});

describe('a viewer’s next read of the same page', () => {
  // Access from the database on every read, so the counts differ by the reactions query alone.
  const t = setupTestApp({ FEED_CACHE_BYTES: '1000000', ACCESS_CACHE_ENTRIES: '0' });
  it('sends no query for their own reactions; another viewer’s first read does', async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, ada.user);
    await addMember(t.app.db, tl, bob.user);
    const post = await buildPost(t.app.db, tl, ada.user, { content: 'hello' });
    await ada.as.post('/api/reactions', { postId: post.id, emoji: '👍' });
    const read = (who: typeof ada) => who.as.get(`/api/timelines/${tl.id}/posts`);
    // Sessions looked up once (on the embedded database later lookups come from memory), the page cached.
    await read(ada);
    await bob.as.get('/api/auth/user');
    const first = await countQueries(t.app.db, () => read(bob));
    const again = await countQueries(t.app.db, () => read(bob));
    const adas = await countQueries(t.app.db, async () => {
      const res = await read(ada);
      expect(res.json()[0].myReactions).toEqual(['👍']);
    });
    expect(again).toBe(first - 1);
    expect(adas).toBe(again);
  });
});

describe('in /metrics', () => {
  const t = setupTestApp({ METRICS_TOKEN: 'metrics-token-0123456789', FEED_CACHE_BYTES: '1000000' });
  it('reports bytes, entries, hits and misses', async () => {
    const ada = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, ada.user);
    await buildPost(t.app.db, tl, ada.user, { content: 'hello' });
    for (let i = 0; i < 3; i++) await ada.as.get(`/api/timelines/${tl.id}/posts`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1]);
    expect(value('threadline_feed_cache_entries')).toBe(1);
    expect(value('threadline_feed_cache_bytes')).toBe(t.app.feedCache.stats().bytes);
    expect(value('threadline_feed_cache_bytes')).toBeGreaterThan(100);
    expect([value('threadline_feed_cache_hits_total'), value('threadline_feed_cache_misses_total')]).toEqual([
      2, 1,
    ]);
  });
});
