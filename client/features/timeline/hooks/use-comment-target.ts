// The comment a deep link names (/timeline/{id}?post=&comment=, issue 25), inside its post once the feed
// found it: the post's comments open (when it is not the latest one already shown) and load page after page
// until it is there; then it is scrolled into view, focused and highlighted. A comment no longer there: a
// toast, and the post is highlighted instead.
import * as React from 'react';
import { toast } from '../../../lib/use-toast.ts';
import { highlightItem } from '../lib/highlight.ts';

export const COMMENT_GONE = 'The comment you opened is no longer on this post.';

interface Options {
  commentId: string | undefined;
  postId: string;
  /** The ids of the comments shown now, in order. */
  shownIds: string[];
  expanded: boolean;
  expand: () => void;
  /** The expanded list's paging. */
  loaded: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => void;
  root: React.RefObject<HTMLElement | null>;
}

export function useCommentTarget(options: Options): void {
  const { commentId, postId, shownIds, expanded, expand, loaded, hasNextPage, isFetching, fetchNextPage } =
    options;
  const { root } = options;
  const [reached, setReached] = React.useState<string | null>(null);
  const endHighlight = React.useRef<() => void>(undefined);
  React.useEffect(() => () => endHighlight.current?.(), []);

  React.useEffect(() => {
    if (!commentId || reached === commentId) return;
    if (shownIds.includes(commentId)) {
      const el = root.current?.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(commentId)}"]`);
      if (!el) return;
      setReached(commentId);
      endHighlight.current?.();
      endHighlight.current = highlightItem(el);
      return;
    }
    if (!expanded) {
      expand();
      return;
    }
    if (!loaded || isFetching) return;
    if (hasNextPage) {
      fetchNextPage();
      return;
    }
    setReached(commentId);
    toast({ title: 'Comment not found', description: COMMENT_GONE, variant: 'destructive' });
    // The comments part may render nothing (no comments left, none to write): the post's own item.
    const post = document.querySelector<HTMLElement>(`li[data-post-id="${CSS.escape(postId)}"]`);
    if (post) endHighlight.current = highlightItem(post);
  }, [
    commentId,
    postId,
    reached,
    shownIds,
    expanded,
    expand,
    loaded,
    hasNextPage,
    isFetching,
    fetchNextPage,
    root,
  ]);
}
