// A comment's inline editor with its save call, loaded when an edit first starts.
import { TEXT_LIMITS } from '../../../../../common/limits.ts';
import type { Comment } from '../../../../../common/schemas/post.ts';
import { useEditComment } from '../../api/edit-comment.ts';
import { EditTextForm } from './edit-text-form.tsx';

export function CommentEditor({
  timelineId,
  comment,
  onDone,
}: {
  timelineId: string;
  comment: Comment;
  onDone: () => void;
}) {
  const edit = useEditComment(timelineId, comment.id);
  return (
    <EditTextForm
      timelineId={timelineId}
      initialMentions={comment.mentions ?? []}
      initial={comment.content}
      limit={TEXT_LIMITS.comment}
      label="Edit comment"
      required
      pending={edit.isPending}
      onCancel={onDone}
      onSave={(content, mentions) => edit.mutate({ content, mentions }, { onSuccess: onDone })}
    />
  );
}
