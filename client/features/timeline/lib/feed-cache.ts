// Pure edits of cached feed data, so each action patches the posts it touched instead of refetching the
// feed. Only the changed post gets a new object: memoized cards of the others do not re-render.
import type { InfiniteData } from '@tanstack/react-query';
import { type FeedFilter, FILTER_TYPES, tombstoneFields } from '../../../../common/posts.ts';
import type { Comment, Post, ReactionResponse } from '../../../../common/schemas/post.ts';
import { nextCommentsCursor } from './feed-pages.ts';

export type FeedData = InfiniteData<Post[], string | undefined>;

/** `fn` applied to the post `postId` in every page; the same objects when the post is not there. */
export function mapPost<T extends FeedData | Post[] | undefined>(
  data: T,
  postId: string,
  fn: (post: Post) => Post,
): T {
  if (!data) return data;
  const mapList = (list: Post[]) => {
    const index = list.findIndex((p) => p.id === postId);
    if (index < 0) return list;
    const next = list.slice();
    next[index] = fn(list[index]!);
    return next;
  };
  if (Array.isArray(data)) return mapList(data) as T;
  const feed = data as FeedData;
  let changed = false;
  const pages = feed.pages.map((page) => {
    const next = mapList(page);
    if (next !== page) changed = true;
    return next;
  });
  return (changed ? { ...feed, pages } : feed) as T;
}

/** The post a reaction toggle would give, computed before the server answers. */
export function toggleReaction(post: Post, emoji: string): Post {
  const mine = post.myReactions.includes(emoji);
  const counts = { ...post.reactionCounts };
  const count = (counts[emoji] ?? 0) + (mine ? -1 : 1);
  if (count > 0) counts[emoji] = count;
  else delete counts[emoji];
  return {
    ...post,
    reactionCounts: counts,
    myReactions: mine ? post.myReactions.filter((e) => e !== emoji) : [...post.myReactions, emoji],
  };
}

export const withReactions = (
  post: Post,
  r: Pick<ReactionResponse, 'reactionCounts' | 'myReactions'>,
): Post => ({ ...post, reactionCounts: r.reactionCounts, myReactions: r.myReactions });

/**
 * A new comment: one more, and the newest for the collapsed view. The live `new_comment` event may have
 * brought it (with the server's count) before the create call answered: then it is already counted.
 */
export const withComment = (post: Post, comment: Comment): Post =>
  post.latestComment?.id === comment.id
    ? post
    : { ...post, commentCount: post.commentCount + 1, latestComment: comment };

/** What the server now returns for a deleted post (see the contract): a tombstone. */
export const toTombstone = (post: Post, deletedAt: string): Post => ({
  ...post,
  ...tombstoneFields(),
  deletedAt,
  isPinned: false,
});

/** Whether a feed with this filter lists `post`: "all" lists everything, the others live posts of their types. */
export function filterMatches(filter: FeedFilter, post: Pick<Post, 'type' | 'deletedAt'>): boolean {
  const types = FILTER_TYPES[filter];
  return !types || (!post.deletedAt && types.includes(post.type));
}

/** The feed without `postId` when the filter no longer lists it (a post deleted under "Text"). */
export function dropUnlisted(data: FeedData | undefined, filter: FeedFilter, postId: string) {
  if (!data) return data;
  const post = data.pages.flat().find((p) => p.id === postId);
  if (!post || filterMatches(filter, post)) return data;
  return { ...data, pages: data.pages.map((page) => page.filter((p) => p.id !== postId)) };
}

/** A new post at the top of the first page, under the pinned post. */
export function prependPost(data: FeedData | undefined, post: Post): FeedData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.some((p) => p.id === post.id))) return data;
  const [first, ...rest] = data.pages;
  const at = first![0]?.isPinned ? 1 : 0;
  return { ...data, pages: [[...first!.slice(0, at), post, ...first!.slice(at)], ...rest] };
}

export type CommentsData = InfiniteData<Comment[], string | undefined>;

/**
 * A new comment at the end of the expanded list when every older comment is loaded (the last page was
 * not full); otherwise "Show more comments" brings it in its place.
 */
export function appendComment(data: CommentsData | undefined, comment: Comment): CommentsData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (nextCommentsCursor(data.pages[data.pages.length - 1]!) !== undefined) return data;
  if (data.pages.some((page) => page.some((c) => c.id === comment.id))) return data;
  const pages = data.pages.slice();
  pages[pages.length - 1] = [...pages[pages.length - 1]!, comment];
  return { ...data, pages };
}
