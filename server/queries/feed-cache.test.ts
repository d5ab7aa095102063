// The page-1 cache's own rules (issue 28): versions, the byte bound (least recently used go first), the cut
// where each post's own reactions go, and its figures in /metrics.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import { buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import { CachedPage, cachedPage, FeedCache } from './feed-cache.ts';

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
