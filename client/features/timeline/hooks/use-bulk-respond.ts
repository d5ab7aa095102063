// Bulk approve or reject: one call per request, in parallel (spec 001 §7), then one toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { invalidateAfterResponse } from '../api/join-requests-cache.ts';
import { respondToJoinRequest } from '../api/respond-join-request.ts';
import { type BulkAction, bulkOutcomeToast } from '../lib/bulk-outcome.ts';

export interface BulkInput {
  action: BulkAction;
  requestIds: readonly string[];
  responseMessage?: string;
}

export function useBulkRespond(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, requestIds, responseMessage }: BulkInput) => {
      const results = await Promise.allSettled(
        requestIds.map((requestId) => respondToJoinRequest(timelineId, requestId, action, responseMessage)),
      );
      return results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    },
    onSuccess: (failures, { action, requestIds }) => {
      if (failures.some(isUnauthorizedError)) {
        handleUnauthorized(toast);
        return;
      }
      const content = bulkOutcomeToast(action, requestIds.length, failures);
      toast(failures.length ? { ...content, variant: 'destructive' } : content);
    },
    onSettled: () => invalidateAfterResponse(queryClient, timelineId),
  });
}
