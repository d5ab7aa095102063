// Paging of the feed and of a post's comments (spec 001 §9: "more pages exist while the last page was
// full"; DECISIONS §6 cursor). The pinned post rides on the first page on top of `limit` other posts.
import { FEED } from '../../../../common/limits.ts';
import { cursorAfter, type FeedFilter } from '../../../../common/posts.ts';
import type { Post } from '../../../../common/schemas/post.ts';

export const FEED_PAGE_SIZE = FEED.pageSize;
export const COMMENTS_PAGE_SIZE = FEED.commentsPage;

/** The cursor of the page after `page`, or undefined when `page` was the last one. */
export function nextFeedCursor(page: Post[], limit: number = FEED_PAGE_SIZE): string | undefined {
  const natural = page.filter((p) => !p.isPinned);
  if (natural.length < limit) return undefined;
  return cursorAfter(natural[natural.length - 1]!);
}

/** The comments cursor after a page (oldest first), or undefined when the page was not full. */
export function nextCommentsCursor(
  page: { id: string; createdAt: string }[],
  limit: number = COMMENTS_PAGE_SIZE,
): string | undefined {
  if (page.length < limit) return undefined;
  return cursorAfter(page[page.length - 1]!);
}

export function feedUrl(
  timelineId: string,
  filter: FeedFilter,
  cursor?: string,
  limit: number = FEED_PAGE_SIZE,
) {
  const params = new URLSearchParams({ limit: String(limit), type: filter });
  if (cursor) params.set('cursor', cursor);
  return `/api/timelines/${timelineId}/posts?${params}`;
}

export function commentsUrl(postId: string, cursor?: string, limit: number = COMMENTS_PAGE_SIZE) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/api/posts/${postId}/comments?${params}`;
}

/** The pages as one list, each id once (a post added locally may come back in a later page). */
export function flattenUnique<T extends { id: string }>(pages: readonly T[][] | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
