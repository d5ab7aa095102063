// One post of the feed (spec 001 §2-§3): author, time, text, media slot, reactions, comments, and the
// edit/pin/delete actions. Memoized: a reaction patches one post object, so only its card re-renders.
import { Pin } from 'lucide-react';
import * as React from 'react';
import { personName } from '../../../../../common/names.ts';
import type { Post } from '../../../../../common/schemas/post.ts';
import { LocalTime } from '../../../../components/local-time.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { shortDate, timeAgo } from '../../../../lib/format.ts';
import { itemUrl } from '../../../../lib/item-path.ts';
import { lazyDialog } from '../../../../lib/lazy-dialog.tsx';
import { lazyNamed } from '../../../../lib/lazy-named.ts';
import { cn } from '../../../../lib/utils.ts';
import { useDeletePost } from '../../api/delete-post.ts';
import { usePinPost } from '../../api/pin-post.ts';
import { useToggleReaction } from '../../api/toggle-reaction.ts';
import { EditedMark } from './edited-mark.tsx';
import { LinkedText } from './linked-text.tsx';
import { PostActionsMenu } from './post-actions-menu.tsx';
import { PostAttachments } from './post-attachments.tsx';
import { PostComments } from './post-comments.tsx';
import { ReactionBar } from './reaction-bar.tsx';

// Loaded when a delete is first asked for: no card renders a dialog until then.
const ConfirmDialog = lazyDialog(
  async () => (await import('../../../../components/confirm-dialog.tsx')).ConfirmDialog,
);
const PostEditor = lazyNamed(() => import('./post-editor.tsx'), 'PostEditor');
const PostHistoryDialog = lazyDialog(
  async () => (await import('./post-history-dialog.tsx')).PostHistoryDialog,
);

export interface PostCardProps {
  post: Post;
  timelineId: string;
  canReact: boolean;
  canComment: boolean;
  canPin: boolean;
  canDelete: boolean;
  /** The author, while they may post (issue 24). */
  canEdit?: boolean;
  /** The reader owns the threadline (History's upgrade card is theirs to act on). */
  isOwner?: boolean;
  /** The reader's own id: their comments get an Edit button. */
  currentUserId?: string;
  /** A deep link's comment in this post (issue 25): its comments open on it. */
  targetCommentId?: string;
}

export const PostCard = React.memo(function PostCard(props: PostCardProps) {
  const { post } = props;
  const tombstone = React.useRef<HTMLDivElement>(null);
  const deletedHere = React.useRef(false);
  const onDeleting = React.useCallback((deleting: boolean) => {
    deletedHere.current = deleting;
  }, []);

  // Deleted from this card: focus lands on its tombstone, after the closing dialog let go of it.
  React.useEffect(() => {
    if (!post.deletedAt || !deletedHere.current) return;
    deletedHere.current = false;
    const timer = setTimeout(() => tombstone.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [post.deletedAt]);

  return (
    <li data-post-id={post.id}>
      {post.deletedAt ? (
        <Tombstone ref={tombstone} post={post} deletedAt={post.deletedAt} />
      ) : (
        <LivePost {...props} onDeleting={onDeleting} />
      )}
    </li>
  );
});

function Tombstone({
  ref,
  post,
  deletedAt,
}: {
  ref: React.Ref<HTMLDivElement>;
  post: Post;
  deletedAt: string;
}) {
  return (
    <Card
      ref={ref}
      tabIndex={-1}
      className="border-dashed bg-muted/50 px-4 py-3 text-sm text-muted-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="wrap-anywhere">
        Post by {personName(post.author)} was deleted{' '}
        <LocalTime dateTime={deletedAt}>on {shortDate(deletedAt)}</LocalTime>
      </p>
    </Card>
  );
}

function LivePost({
  post,
  timelineId,
  canReact,
  canComment,
  canPin,
  canDelete,
  canEdit = false,
  isOwner = false,
  currentUserId,
  targetCommentId,
  onDeleting,
}: PostCardProps & { onDeleting: (deleting: boolean) => void }) {
  const name = personName(post.author);
  const reaction = useToggleReaction(timelineId, post.id);
  const pin = usePinPost(timelineId);
  const remove = useDeletePost(timelineId);
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  const [editing, setEditing] = React.useState(false);
  const [history, setHistory] = React.useState(false);
  const card = React.useRef<HTMLDivElement>(null);
  const headingId = React.useId();
  const wasEditing = React.useRef(false);
  const stopEditing = () => setEditing(false);
  // The editor closed: focus back on the menu button it was opened from.
  React.useEffect(() => {
    if (!editing && wasEditing.current) {
      card.current?.querySelector<HTMLElement>('[aria-label^="Post actions"]')?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  const { mutate: react } = reaction;

  return (
    <>
      <Card
        ref={card}
        className={cn(
          'grid grid-cols-1 gap-3 p-4 sm:p-5',
          post.isPinned && 'border-indigo-300 ring-1 ring-indigo-200',
        )}
        role="article"
        aria-labelledby={headingId}
      >
        {post.isPinned && (
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-700">
            <Pin className="size-3.5" aria-hidden="true" />
            Pinned Post
          </p>
        )}
        <div className="flex min-w-0 items-start gap-3">
          <UserAvatar user={post.author} className="size-10" fallbackClassName="text-sm" />
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="font-semibold leading-tight wrap-anywhere">
              {name}
            </h3>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <LocalTime dateTime={post.createdAt} className="text-xs text-muted-foreground">
                {timeAgo(post.createdAt)}
              </LocalTime>
              {post.editedAt && <EditedMark editedAt={post.editedAt} onOpen={() => setHistory(true)} />}
            </p>
          </div>
          <PostActionsMenu
            authorName={name}
            link={itemUrl(timelineId, post.id)}
            pinned={post.isPinned}
            canPin={canPin}
            canDelete={canDelete}
            canEdit={canEdit && !editing}
            onPin={() => pin.mutate(post.isPinned ? null : post.id)}
            onDelete={() => setConfirmDelete(true)}
            onEdit={() => setEditing(true)}
          />
        </div>
        {editing ? (
          <React.Suspense fallback={null}>
            <PostEditor timelineId={timelineId} post={post} onDone={stopEditing} />
          </React.Suspense>
        ) : (
          post.content && (
            <LinkedText
              text={post.content}
              mentions={post.mentions}
              className="text-[0.95rem] leading-relaxed"
            />
          )
        )}
        <PostAttachments post={post} />
        <ReactionBar
          postId={post.id}
          currentUserId={currentUserId}
          counts={post.reactionCounts}
          mine={post.myReactions}
          commentCount={post.commentCount}
          canReact={canReact}
          onToggle={react}
        />
        <PostComments
          timelineId={timelineId}
          postId={post.id}
          commentCount={post.commentCount}
          latestComment={post.latestComment}
          canComment={canComment}
          currentUserId={currentUserId}
          targetCommentId={targetCommentId}
        />
      </Card>
      {post.editedAt && (
        <PostHistoryDialog
          open={history}
          onOpenChange={setHistory}
          postId={post.id}
          authorName={name}
          isOwner={isOwner}
        />
      )}
      {canDelete && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Post"
          description="This post will be deleted for everyone. Its comments and reactions go with it. This cannot be undone."
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          destructive
          pending={remove.isPending}
          onConfirm={() => {
            onDeleting(true);
            remove.mutate(
              { postId: post.id, pinned: post.isPinned },
              {
                onError: () => onDeleting(false),
                onSettled: () => setConfirmDelete(false),
              },
            );
          }}
        />
      )}
    </>
  );
}
