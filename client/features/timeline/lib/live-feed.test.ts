import { describe, expect, it } from 'vitest';
import { HEART } from '../../../../common/schemas/post.ts';
import type { FeedData } from './feed-cache.ts';
import { feedHas, liveFeedTakes, newPostsLabel, withLiveComment, withReactionCounts } from './live-feed.ts';
import { makeComment, makePost } from './test-posts.ts';

const feed = (...pages: ReturnType<typeof makePost>[][]): FeedData => ({
  pages,
  pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
});

describe('live feed edits', () => {
  it('finds a post in any page or list', () => {
    const [a, b] = [makePost(), makePost()];
    expect(feedHas(feed([a], [b]), b.id)).toBe(true);
    expect(feedHas([a], b.id)).toBe(false);
    expect(feedHas(undefined, a.id)).toBe(false);
  });

  it('takes a live post into feeds whose filter lists it, never a tombstone', () => {
    const text = makePost({ type: 'text' });
    expect(liveFeedTakes('all', text)).toBe(true);
    expect(liveFeedTakes('text', text)).toBe(true);
    expect(liveFeedTakes('video', text)).toBe(false);
    expect(liveFeedTakes('all', makePost({ deletedAt: '2026-01-01T00:00:00Z' }))).toBe(false);
  });

  it('sets the counts of reactions and keeps the reader own ones', () => {
    const post = makePost({ reactionCounts: { [HEART]: 1 }, myReactions: [HEART] });
    const next = withReactionCounts(post, { [HEART]: 2, '🎉': 1 });
    expect(next.reactionCounts).toEqual({ [HEART]: 2, '🎉': 1 });
    expect(next.myReactions).toEqual([HEART]);
    const gone = makePost({ deletedAt: '2026-01-01T00:00:00Z' });
    expect(withReactionCounts(gone, { [HEART]: 1 })).toBe(gone);
  });

  it('takes the server count and a newer latest comment, never an older one', () => {
    const older = makeComment({ createdAt: '2026-01-01T00:00:00.000001Z' });
    const newer = makeComment({ createdAt: '2026-01-02T00:00:00.000001Z' });
    const post = makePost({ commentCount: 1, latestComment: newer });
    expect(withLiveComment(post, 2, older)).toEqual({ ...post, commentCount: 2 });
    const later = makeComment({ createdAt: '2026-01-03T00:00:00.000001Z' });
    expect(withLiveComment(post, 3, later)).toEqual({ ...post, commentCount: 3, latestComment: later });
    expect(withLiveComment(post, 1)).toBe(post);
    expect(withLiveComment(makePost(), 1, older).latestComment).toEqual(older);
  });

  it('labels the pill', () => {
    expect(newPostsLabel(1)).toBe('1 new post');
    expect(newPostsLabel(3)).toBe('3 new posts');
  });
});
