// POST /api/timelines/{id}/join-requests/{requestId}/approve {responseMessage?} (spec 001 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { approveFailureToast, notifyFailure } from '../lib/error-toast.ts';
import { optionalTextBody } from '../lib/optional-text.ts';
import { invalidateAfterResponse } from './join-requests-cache.ts';

export async function approveJoinRequest(id: string, requestId: string, responseMessage?: string) {
  const res = await apiRequest(
    'POST',
    `/api/timelines/${id}/join-requests/${requestId}/approve`,
    optionalTextBody('responseMessage', responseMessage),
  );
  return (await res.json()) as JoinRequest;
}

export function useApproveJoinRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      responseMessage,
    }: {
      requestId: string;
      responseMessage?: string;
      name: string;
    }) => approveJoinRequest(id, requestId, responseMessage),
    onSuccess: (_request, { name }) => {
      toast({ title: 'Request Approved', description: `${name} is now a member of this timeline.` });
    },
    onError: (error) => notifyFailure(error, approveFailureToast(error, 'Failed to approve request')),
    // A failure may mean someone else processed it already, so refresh either way.
    onSettled: () => invalidateAfterResponse(queryClient, id),
  });
}
