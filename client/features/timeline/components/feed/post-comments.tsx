// A post's comments (spec 001 §2 Feed): only the latest shows until "View n more comments" expands the
// rest, loaded on demand, oldest first.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import type { Comment } from '../../../../../common/schemas/post.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useComments } from '../../api/get-comments.ts';
import { useCommentTarget } from '../../hooks/use-comment-target.ts';
import { flattenUnique } from '../../lib/feed-pages.ts';
import { CommentBox } from './comment-box.tsx';
import { CommentItem } from './comment-item.tsx';

export const moreCommentsLabel = (n: number) => `View ${n} more ${n === 1 ? 'comment' : 'comments'}`;

export function PostComments({
  timelineId,
  postId,
  commentCount,
  latestComment,
  canComment,
  currentUserId,
  targetCommentId,
}: {
  timelineId: string;
  postId: string;
  commentCount: number;
  latestComment: Comment | null;
  canComment: boolean;
  currentUserId?: string;
  /** A deep link's comment in this post: the comments open on it (issue 25). */
  targetCommentId?: string;
}) {
  const [expanded, setExpanded] = React.useState(false);
  const query = useComments(postId, expanded);
  const loaded = React.useMemo(() => flattenUnique(query.data?.pages), [query.data]);
  const listId = React.useId();
  const root = React.useRef<HTMLDivElement>(null);
  // Until the expanded list arrives (or if it fails), the latest comment stays where it was.
  const shown = expanded && query.isSuccess ? loaded : latestComment ? [latestComment] : [];
  const shownIds = React.useMemo(() => shown.map((c) => c.id), [shown]);
  const { fetchNextPage } = query;
  useCommentTarget({
    commentId: targetCommentId,
    postId,
    shownIds,
    expanded,
    expand: React.useCallback(() => setExpanded(true), []),
    loaded: query.isSuccess,
    hasNextPage: query.hasNextPage,
    isFetching: query.isFetching,
    fetchNextPage: React.useCallback(() => void fetchNextPage(), [fetchNextPage]),
    root,
  });

  if (commentCount === 0 && !latestComment && !canComment) return null;
  const more = commentCount - 1;

  return (
    <div ref={root} className="grid grid-cols-1 gap-3 border-t border-border pt-3">
      {(expanded || more > 0) && (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-self-start p-0"
          aria-controls={listId}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Hide comments' : moreCommentsLabel(more)}
        </Button>
      )}
      {shown.length > 0 && (
        <ul id={listId} className="grid grid-cols-1 gap-2" aria-label="Comments">
          {shown.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              timelineId={timelineId}
              canEdit={canComment && c.author.id === currentUserId}
            />
          ))}
        </ul>
      )}
      {expanded && query.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading comments...
        </p>
      )}
      {expanded && query.isError && !query.isFetching && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          Failed to load comments
          <Button variant="outline" size="sm" className="h-7" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {expanded && query.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          Show more comments
        </Button>
      )}
      {canComment && <CommentBox timelineId={timelineId} postId={postId} />}
    </div>
  );
}
