import { Pencil } from 'lucide-react';
import * as React from 'react';
import { personName } from '../../../../../common/names.ts';
import type { Comment } from '../../../../../common/schemas/post.ts';
import { LocalTime } from '../../../../components/local-time.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { UserAvatar } from '../../../../components/user-avatar.tsx';
import { timeAgo } from '../../../../lib/format.ts';
import { lazyNamed } from '../../../../lib/lazy-named.ts';
import { EditedMark } from './edited-mark.tsx';
import { LinkedText } from './linked-text.tsx';

const CommentEditor = lazyNamed(() => import('./comment-editor.tsx'), 'CommentEditor');

export const COMMENT_DELETED = 'Comment deleted';

export function CommentItem({
  comment,
  timelineId = '',
  canEdit = false,
}: {
  comment: Comment;
  timelineId?: string;
  /** The reader wrote it and may still comment (issue 24). */
  canEdit?: boolean;
}) {
  const name = personName(comment.author);
  // A tombstone: its author deleted their account (issue 26); it keeps its place in the thread.
  const deleted = !!comment.deletedAt;
  const [editing, setEditing] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const wasEditing = React.useRef(false);
  const stopEditing = () => setEditing(false);
  // Focus goes back to the Edit button the editor was opened from, once it is there again.
  React.useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <li data-comment-id={comment.id} className="flex min-w-0 gap-2">
      <UserAvatar user={comment.author} className="size-7" fallbackClassName="text-[0.65rem]" />
      <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
        <div className="flex min-w-0 items-start gap-2">
          <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 text-sm">
            <span className="min-w-0 font-semibold wrap-anywhere">{name}</span>
            <LocalTime dateTime={comment.createdAt} className="text-xs text-muted-foreground">
              {timeAgo(comment.createdAt)}
            </LocalTime>
            {comment.editedAt && <EditedMark editedAt={comment.editedAt} />}
          </p>
          {canEdit && !editing && !deleted && (
            <Button
              ref={editButton}
              variant="ghost"
              size="icon"
              className="-mr-2 -mt-1 size-7"
              aria-label="Edit comment"
              title="Edit comment"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          )}
        </div>
        {editing ? (
          <React.Suspense fallback={null}>
            <CommentEditor timelineId={timelineId} comment={comment} onDone={stopEditing} />
          </React.Suspense>
        ) : deleted ? (
          <p className="text-sm italic text-muted-foreground">{COMMENT_DELETED}</p>
        ) : (
          <LinkedText text={comment.content} mentions={comment.mentions} className="text-sm" />
        )}
      </div>
    </li>
  );
}
