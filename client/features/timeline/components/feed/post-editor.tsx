// A post's inline editor with its save call, loaded when an edit first starts (the threadline page's
// initial-JavaScript budget, issue 14).
import { TEXT_LIMITS } from '../../../../../common/limits.ts';
import type { Post } from '../../../../../common/schemas/post.ts';
import { useEditPost } from '../../api/edit-post.ts';
import { EditTextForm } from './edit-text-form.tsx';

export function PostEditor({
  timelineId,
  post,
  onDone,
}: {
  timelineId: string;
  post: Post;
  onDone: () => void;
}) {
  const edit = useEditPost(timelineId, post.id);
  return (
    <EditTextForm
      timelineId={timelineId}
      initialMentions={post.mentions ?? []}
      initial={post.content ?? ''}
      limit={TEXT_LIMITS.post}
      label="Edit post"
      required={post.type === 'text'}
      pending={edit.isPending}
      onCancel={onDone}
      onSave={(content, mentions) => edit.mutate({ content, mentions }, { onSuccess: onDone })}
    />
  );
}
