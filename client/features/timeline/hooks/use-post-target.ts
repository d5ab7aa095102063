// /timeline/{id}?post={postId}[&comment={commentId}] (advanced search, a notification's View, a copied link):
// GET /api/posts/{id} says at once whether the post is there to open, and how far down the feed it is; the
// feed loads page after page until it is there, then scrolls to it, focuses and highlights it. With a
// comment, the post's comments open on it instead (use-comment-target.ts). A post that is gone: a toast
// and a notice, and no paging through the whole threadline for it.
import * as React from 'react';
import { useSearch } from 'wouter';
import { FEED } from '../../../../common/limits.ts';
import { toast } from '../../../lib/use-toast.ts';
import { usePostDetail } from '../api/get-post.ts';
import { highlightItem } from '../lib/highlight.ts';

export const MAX_TARGET_PAGES = 100;
export const POST_GONE = 'The post you opened is no longer in this threadline.';

export type PostTargetState = 'none' | 'seeking' | 'found' | 'missing';

export interface PostTarget {
  state: PostTargetState;
  postId: string | null;
  /** The comment to open in that post, once the post is found. */
  commentId: string | null;
}

interface Options {
  timelineId: string;
  /** The feed's posts in order, and how many of them have rendered so far. */
  postIds: string[];
  rendered: number;
  pages: number;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => void;
  list: React.RefObject<HTMLElement | null>;
}

export function usePostTarget(options: Options): PostTarget {
  const params = new URLSearchParams(useSearch());
  const target = params.get('post');
  const commentId = target ? params.get('comment') : null;
  const [reached, setReached] = React.useState<string | null>(null);
  const endHighlight = React.useRef<() => void>(undefined);
  React.useEffect(() => () => endHighlight.current?.(), []);
  const { timelineId, postIds, rendered, pages, hasNextPage, isFetching, fetchNextPage, list } = options;
  const detail = usePostDetail(target);
  const index = target ? postIds.indexOf(target) : -1;
  // Gone, or in another threadline: nothing to page for. Paged past where it was: it went meanwhile. Any
  // other failure of the call leaves the paging to find it.
  const gone =
    detail.error?.message.startsWith('404') === true ||
    (detail.data !== undefined && detail.data.post.timelineId !== timelineId);
  const settled = !detail.isPending;
  const pagedPast = detail.data !== undefined && postIds.length > detail.data.position + FEED.pageSize;
  const exhausted = gone || pagedPast || !hasNextPage || pages >= MAX_TARGET_PAGES;

  React.useEffect(() => {
    if (!target || reached === target || gone) return;
    if (index === -1) {
      if (!exhausted && !isFetching) fetchNextPage();
      return;
    }
    // A tombstone in the feed is not what the link promised: wait for the answer first.
    if (index >= rendered || !settled) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(target)}"]`);
    if (!el) return;
    setReached(target);
    endHighlight.current?.();
    // A comment is highlighted itself, inside its post.
    endHighlight.current = commentId ? undefined : highlightItem(el);
  }, [
    target,
    commentId,
    reached,
    gone,
    settled,
    index,
    rendered,
    exhausted,
    isFetching,
    fetchNextPage,
    list,
  ]);

  let state: PostTargetState = 'seeking';
  if (!target) state = 'none';
  else if (reached === target) state = 'found';
  else if (gone || (index === -1 && exhausted && !isFetching)) state = 'missing';

  React.useEffect(() => {
    if (state === 'missing')
      toast({ title: 'Post not found', description: POST_GONE, variant: 'destructive' });
  }, [state]);

  return { state, postId: target, commentId: state === 'found' ? commentId : null };
}
