// Live events of the open threadline (issue 11) applied to the cached feeds, so the page follows what
// others do without refetching. Pure edits; the hooks in ../hooks/use-live-*.ts call them.
import type { Comment, FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { type FeedData, filterMatches } from './feed-cache.ts';

/** Whether a cached feed (or list) already holds the post. */
export function feedHas(data: FeedData | Post[] | undefined, postId: string): boolean {
  if (!data) return false;
  if (Array.isArray(data)) return data.some((p) => p.id === postId);
  return data.pages.some((page) => page.some((p) => p.id === postId));
}

/** A feed with `filter` lists a live post; a tombstone never arrives as new. */
export const liveFeedTakes = (filter: FeedFilter, post: Post) =>
  !post.deletedAt && filterMatches(filter, post);

/** Someone's reaction changed the counts; the reader's own `myReactions` stay (a tombstone has none). */
export const withReactionCounts = (post: Post, reactionCounts: Record<string, number>): Post =>
  post.deletedAt ? post : { ...post, reactionCounts };

/**
 * A comment arrived: the server's count, and the newest comment for the collapsed view when the event
 * brought it (an older one never replaces a newer one).
 */
export function withLiveComment(post: Post, commentCount: number, comment?: Comment): Post {
  if (post.deletedAt) return post;
  const newer = comment && (!post.latestComment || post.latestComment.createdAt <= comment.createdAt);
  if (post.commentCount === commentCount && !newer) return post;
  return { ...post, commentCount, ...(newer ? { latestComment: comment } : {}) };
}

/** "1 new post", "3 new posts": the pill's text. */
export const newPostsLabel = (n: number) => `${n} new ${n === 1 ? 'post' : 'posts'}`;
