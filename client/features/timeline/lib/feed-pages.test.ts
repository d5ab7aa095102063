import { describe, expect, it } from 'vitest';
import { commentsUrl, feedUrl, flattenUnique, nextCommentsCursor, nextFeedCursor } from './feed-pages.ts';
import { makeComment, makePost } from './test-posts.ts';

describe('nextFeedCursor', () => {
  it('continues after the last post of a full page', () => {
    const page = Array.from({ length: 20 }, () => makePost());
    const last = page[19]!;
    expect(nextFeedCursor(page)).toBe(`${last.createdAt},${last.id}`);
  });

  it('stops after a short page', () => {
    expect(nextFeedCursor([])).toBeUndefined();
    expect(nextFeedCursor(Array.from({ length: 19 }, () => makePost()))).toBeUndefined();
  });

  it('does not count the pinned post riding on the first page', () => {
    const pinned = makePost({ isPinned: true });
    const others = Array.from({ length: 19 }, () => makePost());
    expect(nextFeedCursor([pinned, ...others])).toBeUndefined();
    const full = [pinned, ...others, makePost()];
    expect(nextFeedCursor(full)).toBe(`${full[20]!.createdAt},${full[20]!.id}`);
  });
});

describe('nextCommentsCursor', () => {
  it('continues only after a full page', () => {
    const page = Array.from({ length: 3 }, () => makeComment());
    expect(nextCommentsCursor(page, 3)).toBe(`${page[2]!.createdAt},${page[2]!.id}`);
    expect(nextCommentsCursor(page.slice(0, 2), 3)).toBeUndefined();
  });
});

describe('urls', () => {
  it('encodes the cursor and the filter', () => {
    expect(feedUrl('t1', 'all')).toBe('/api/timelines/t1/posts?limit=20&type=all');
    expect(feedUrl('t1', 'video', '2026-01-01T00:00:00.000001+00:00,abc')).toBe(
      '/api/timelines/t1/posts?limit=20&type=video&cursor=2026-01-01T00%3A00%3A00.000001%2B00%3A00%2Cabc',
    );
    expect(commentsUrl('p1')).toBe('/api/posts/p1/comments?limit=50');
  });
});

describe('flattenUnique', () => {
  it('keeps the first copy of each id', () => {
    const a = makePost();
    const b = makePost();
    expect(flattenUnique([[a, b], [{ ...b, content: 'again' }]])).toEqual([a, b]);
    expect(flattenUnique(undefined)).toEqual([]);
  });
});
