// POST /api/timelines/join (spec 000 §2, §7-8; DECISIONS §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { JOIN_MESSAGES } from '../../../../common/join-messages.ts';
import type { JoinResponse } from '../../../../common/schemas/timeline.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { joinErrorCopy } from '../lib/join-error.ts';

export const PENDING_FALLBACK = JOIN_MESSAGES.pending;

export interface JoinInput {
  joinCode: string;
  message?: string;
}

/** The code is trimmed and upper-cased; an empty message is left out (spec 000 §5). */
export function joinPayload(input: JoinInput): { joinCode: string; message?: string } {
  const message = input.message?.trim();
  return { joinCode: input.joinCode.trim().toUpperCase(), ...(message ? { message } : {}) };
}

export async function joinTimeline(input: JoinInput): Promise<JoinResponse> {
  const res = await apiRequest('POST', '/api/timelines/join', joinPayload(input));
  return (await res.json()) as JoinResponse;
}

export const ALREADY_MEMBER = JOIN_MESSAGES.alreadyMember;

/**
 * Joined → toast and go to the threadline; already a member → go there and say so (DECISIONS §5), no
 * success toast; pending → toast, the dialog shows its panel.
 */
export function useJoinTimeline() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: joinTimeline,
    onSuccess: async (res) => {
      if (res.status === 'pending') {
        toast({ title: 'Join Request Submitted', description: res.message || PENDING_FALLBACK });
      } else {
        toast({ title: res.status === 'already_member' ? ALREADY_MEMBER : JOIN_MESSAGES.joined });
        navigate(`/timeline/${res.timeline.id}`);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.unreadCounts }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.myJoinRequests }),
      ]);
    },
    onError: (error) => {
      notifyFailure(error, { ...joinErrorCopy(error) });
    },
  });
}
