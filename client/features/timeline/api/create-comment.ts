// POST /api/comments {postId, content, mentions?} → Comment (spec 001 §7; issue 27).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateCommentBody } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { failureToast } from '../lib/error-toast.ts';
import { appendComment, type CommentsData, withComment } from '../lib/feed-cache.ts';
import { patchPost, refreshIfRefused } from './post-cache.ts';

export type NewComment = Omit<CreateCommentBody, 'postId'>;

export async function createComment(body: CreateCommentBody): Promise<Comment> {
  const res = await apiRequest('POST', '/api/comments', body);
  return (await res.json()) as Comment;
}

export function useCreateComment(timelineId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) => createComment({ postId, ...comment }),
    onSuccess: (comment) => {
      patchPost(queryClient, timelineId, postId, (post) => withComment(post, comment));
      queryClient.setQueryData<CommentsData>(timelineKeys.comments(postId), (d) => appendComment(d, comment));
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to add comment', { preferServer: true }));
      refreshIfRefused(queryClient, timelineId, error);
    },
  });
}
