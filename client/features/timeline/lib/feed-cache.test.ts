import { describe, expect, it } from 'vitest';
import { HEART } from '../../../../common/schemas/post.ts';
import {
  appendComment,
  dropUnlisted,
  type FeedData,
  filterMatches,
  mapPost,
  prependPost,
  toggleReaction,
  toTombstone,
  withComment,
} from './feed-cache.ts';
import { makeComment, makePost } from './test-posts.ts';

const feed = (...pages: ReturnType<typeof makePost>[][]): FeedData => ({
  pages,
  pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
});

describe('mapPost', () => {
  it('replaces only the matching post and keeps every other object', () => {
    const [a, b, c] = [makePost(), makePost(), makePost()];
    const data = feed([a, b], [c]);
    const next = mapPost(data, c.id, (p) => ({ ...p, content: 'changed' }));
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]![0]!.content).toBe('changed');
    expect(data.pages[1]![0]!.content).toBe('Hello world');
  });

  it('returns the same data when the post is not loaded, and works on plain lists', () => {
    const data = feed([makePost()]);
    expect(mapPost(data, 'missing', (p) => p)).toBe(data);
    expect(mapPost(undefined, 'x', (p) => p)).toBeUndefined();
    const list = [makePost()];
    expect(mapPost(list, list[0]!.id, (p) => ({ ...p, commentCount: 3 }))[0]!.commentCount).toBe(3);
  });
});

describe('toggleReaction', () => {
  it('adds and takes back the caller reaction', () => {
    const post = makePost({ reactionCounts: { [HEART]: 2 }, myReactions: [] });
    const liked = toggleReaction(post, HEART);
    expect(liked).toMatchObject({ reactionCounts: { [HEART]: 3 }, myReactions: [HEART] });
    const unliked = toggleReaction(liked, HEART);
    expect(unliked).toMatchObject({ reactionCounts: { [HEART]: 2 }, myReactions: [] });
  });

  it('drops an emoji whose count reaches zero', () => {
    const post = makePost({ reactionCounts: { '🎉': 1 }, myReactions: ['🎉'] });
    expect(toggleReaction(post, '🎉').reactionCounts).toEqual({});
    expect(toggleReaction(makePost(), '🎉').reactionCounts).toEqual({ '🎉': 1 });
  });
});

describe('comments and tombstones', () => {
  it('counts a new comment and shows it as the latest', () => {
    const comment = makeComment();
    expect(withComment(makePost({ commentCount: 2 }), comment)).toMatchObject({
      commentCount: 3,
      latestComment: comment,
    });
  });

  it('does not count a comment twice when its live event came before the create call answered', () => {
    const comment = makeComment();
    const live = makePost({ commentCount: 3, latestComment: comment });
    expect(withComment(live, comment)).toBe(live);
  });

  it('empties a deleted post like the server does', () => {
    const post = makePost({ reactionCounts: { [HEART]: 1 }, commentCount: 2, isPinned: true });
    expect(toTombstone(post, '2026-02-01T00:00:00Z')).toMatchObject({
      content: null,
      reactionCounts: {},
      myReactions: [],
      commentCount: 0,
      latestComment: null,
      deletedAt: '2026-02-01T00:00:00Z',
      isPinned: false,
      author: post.author,
    });
  });

  it('appends a comment only when the expanded list is complete', () => {
    const c = makeComment();
    const short = { pages: [[makeComment()]], pageParams: [undefined] };
    expect(appendComment(short, c)!.pages[0]!.at(-1)).toBe(c);
    expect(appendComment(appendComment(short, c), c)!.pages[0]).toHaveLength(2);
    const full = { pages: [Array.from({ length: 50 }, () => makeComment())], pageParams: [undefined] };
    expect(appendComment(full, c)).toBe(full);
  });
});

describe('prependPost', () => {
  it('puts a new post first, under the pinned post, once', () => {
    const pinned = makePost({ isPinned: true });
    const older = makePost();
    const fresh = makePost();
    const data = feed([pinned, older], [makePost()]);
    const next = prependPost(data, fresh)!;
    expect(next.pages[0]!.map((p) => p.id)).toEqual([pinned.id, fresh.id, older.id]);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(prependPost(next, fresh)).toBe(next);
    expect(prependPost(feed([older]), fresh)!.pages[0]![0]).toBe(fresh);
    expect(prependPost(undefined, fresh)).toBeUndefined();
  });
});

describe('filters', () => {
  it('images lists single images and galleries; every filter but all lists live posts only', () => {
    const image = makePost({ type: 'image' });
    const gallery = makePost({ type: 'gallery' });
    const text = makePost({ type: 'text' });
    expect(filterMatches('image', image)).toBe(true);
    expect(filterMatches('image', gallery)).toBe(true);
    expect(filterMatches('image', text)).toBe(false);
    expect(filterMatches('text', text)).toBe(true);
    const tomb = toTombstone(text, '2026-02-01T00:00:00Z');
    expect(filterMatches('text', tomb)).toBe(false);
    expect(filterMatches('all', tomb)).toBe(true);
    expect(filterMatches('image', toTombstone(gallery, '2026-02-01T00:00:00Z'))).toBe(false);
  });

  it('a post deleted under a filter leaves that feed; under all its tombstone stays', () => {
    const gone = makePost({ type: 'text' });
    const kept = makePost({ type: 'text' });
    const data = mapPost(feed([kept], [gone]), gone.id, (p) => toTombstone(p, '2026-02-01T00:00:00Z'));
    expect(
      dropUnlisted(data, 'text', gone.id)!
        .pages.flat()
        .map((p) => p.id),
    ).toEqual([kept.id]);
    expect(dropUnlisted(data, 'all', gone.id)).toBe(data);
    expect(dropUnlisted(data, 'text', kept.id)).toBe(data);
    expect(dropUnlisted(undefined, 'text', gone.id)).toBeUndefined();
  });
});
