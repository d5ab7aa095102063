// POST /api/timelines/{id}/join-requests/{requestId}/approve|reject {responseMessage?} (spec 001 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { notifyFailure, type ToastContent } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import type { BulkAction } from '../lib/bulk-outcome.ts';
import { approveFailureToast, failureToast } from '../lib/error-toast.ts';
import { optionalTextBody } from '../lib/optional-text.ts';
import { invalidateAfterResponse } from './join-requests-cache.ts';

/** Approve or reject: the last segment of the route. */
export type JoinDecision = BulkAction;

const TOASTS: Record<
  JoinDecision,
  { success: (name: string) => ToastContent; failure: (error: unknown) => ToastContent }
> = {
  approve: {
    success: (name) => ({
      title: 'Request Approved',
      description: `${name} is now a member of this threadline.`,
    }),
    failure: (error) => approveFailureToast(error, 'Failed to approve request'),
  },
  reject: {
    success: (name) => ({ title: 'Request Rejected', description: `${name}'s request has been rejected.` }),
    failure: (error) => failureToast(error, 'Failed to reject request'),
  },
};

export async function respondToJoinRequest(
  id: string,
  requestId: string,
  decision: JoinDecision,
  responseMessage?: string,
) {
  const res = await apiRequest(
    'POST',
    `/api/timelines/${id}/join-requests/${requestId}/${decision}`,
    optionalTextBody('responseMessage', responseMessage),
  );
  return (await res.json()) as JoinRequest;
}

export function useRespondToJoinRequest(id: string, decision: JoinDecision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      responseMessage,
    }: {
      requestId: string;
      responseMessage?: string;
      name: string;
    }) => respondToJoinRequest(id, requestId, decision, responseMessage),
    onSuccess: (_request, { name }) => {
      toast(TOASTS[decision].success(name));
    },
    onError: (error) => notifyFailure(error, TOASTS[decision].failure(error)),
    // A failure may mean someone else processed it already, so refresh either way.
    onSettled: () => invalidateAfterResponse(queryClient, id),
  });
}
