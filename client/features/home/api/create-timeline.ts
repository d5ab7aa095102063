// POST /api/timelines (spec 000 §2, §7-8; DECISIONS §4). A .tsx file: the limit toast carries a button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Plan } from '../../../../common/plans.ts';
import type { CreateTimelineResponse } from '../../../../common/schemas/timeline.ts';
import { handleUnauthorized, isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { isTimelineLimitError, limitFromError, timelineLimitCopy } from '../lib/timeline-limit.ts';

export interface CreateInput {
  name: string;
  description?: string;
}

export async function createTimeline(input: CreateInput): Promise<CreateTimelineResponse> {
  const res = await apiRequest('POST', '/api/timelines', {
    name: input.name.trim(),
    description: input.description?.trim() ?? '',
  });
  return (await res.json()) as CreateTimelineResponse;
}

/** One toast carries both success strings: the queue shows one toast at a time (spec 000 §4, §8). */
export const createdToastDescription = (joinCode: string) =>
  `Threadline created successfully! Join code: ${joinCode}`;

export function useCreateTimeline({ plan }: { plan?: Plan } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: createTimeline,
    onSuccess: async (res) => {
      toast({ title: 'Threadline Created', description: createdToastDescription(res.joinCode) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized(toast);
      if (isTimelineLimitError(error)) {
        const copy = timelineLimitCopy(limitFromError(error, plan));
        toast({
          title: copy.title,
          description: copy.description,
          variant: 'destructive',
          action: copy.canUpgrade
            ? {
                label: 'Upgrade Plan',
                altText: 'Upgrade Plan on the Billing page',
                onClick: () => navigate('/billing'),
              }
            : undefined,
        });
        return;
      }
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to create threadline',
        variant: 'destructive',
      });
    },
  });
}
