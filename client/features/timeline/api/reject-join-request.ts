// POST /api/timelines/{id}/join-requests/{requestId}/reject {responseMessage?} (spec 001 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast, notifyFailure } from '../lib/error-toast.ts';
import { optionalTextBody } from '../lib/optional-text.ts';
import { invalidateAfterResponse } from './join-requests-cache.ts';

export async function rejectJoinRequest(id: string, requestId: string, responseMessage?: string) {
  const res = await apiRequest(
    'POST',
    `/api/timelines/${id}/join-requests/${requestId}/reject`,
    optionalTextBody('responseMessage', responseMessage),
  );
  return (await res.json()) as JoinRequest;
}

export function useRejectJoinRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      responseMessage,
    }: {
      requestId: string;
      responseMessage?: string;
      name: string;
    }) => rejectJoinRequest(id, requestId, responseMessage),
    onSuccess: (_request, { name }) => {
      toast({ title: 'Request Rejected', description: `${name}'s request has been rejected.` });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to reject request')),
    onSettled: () => invalidateAfterResponse(queryClient, id),
  });
}
