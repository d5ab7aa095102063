// PATCH /api/comments/{id} {content, mentions?} → the comment with its new text, mentions and editedAt
// (DECISIONS §9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, EditCommentBody } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { replaceComment, withEditedComment } from '../lib/edits-cache.ts';
import { failureToast } from '../lib/error-toast.ts';
import type { CommentsData } from '../lib/feed-cache.ts';
import { patchPost, refreshIfRefused } from './post-cache.ts';

export async function editComment(commentId: string, body: EditCommentBody): Promise<Comment> {
  const res = await apiRequest('PATCH', `/api/comments/${commentId}`, body);
  return (await res.json()) as Comment;
}

/** Applies an edited comment to the post's cached list and to the post's latest comment. */
export function applyEditedComment(
  queryClient: ReturnType<typeof useQueryClient>,
  timelineId: string,
  comment: Comment,
) {
  queryClient.setQueryData<CommentsData>(timelineKeys.comments(comment.postId), (d) =>
    replaceComment(d, comment),
  );
  patchPost(queryClient, timelineId, comment.postId, (post) => withEditedComment(post, comment));
}

export function useEditComment(timelineId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditCommentBody) => editComment(commentId, body),
    onSuccess: (comment) => applyEditedComment(queryClient, timelineId, comment),
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to edit comment', { preferServer: true }));
      refreshIfRefused(queryClient, timelineId, error);
    },
  });
}
