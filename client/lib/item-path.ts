// The deep link to a post (and one of its comments) in its threadline (issue 25): the threadline page
// loads the feed down to it and highlights it. Notifications' View and a post's "Copy link" use it.
export function itemPath(timelineId: string, postId: string, commentId?: string | null): string {
  const params = new URLSearchParams({ post: postId });
  if (commentId) params.set('comment', commentId);
  return `/timeline/${timelineId}?${params}`;
}

/** The same link with the site's address, to paste anywhere. */
export const itemUrl = (timelineId: string, postId: string, commentId?: string | null) =>
  `${window.location.origin}${itemPath(timelineId, postId, commentId)}`;
