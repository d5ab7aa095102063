// POST /api/conversations {timelineId, recipientId} -> {id} (spec 001 §7): a new conversation, or the pair's
// existing one in this threadline (either of them started it), which then opens in the messaging modal.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import type { ConversationCreated } from '../../../../common/schemas/conversation.ts';
import { serverMessage } from '../../../lib/authUtils.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { notifyFailure, type ToastContent } from '../../../lib/failure-toast.ts';
import { useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { apiRequest } from '../../../lib/queryClient.ts';

export async function startConversation(
  timelineId: string,
  recipientId: string,
): Promise<ConversationCreated> {
  const res = await apiRequest('POST', '/api/conversations', { timelineId, recipientId });
  return (await res.json()) as ConversationCreated;
}

/** 'Failed to start conversation' (spec 001 §8), with the server's reason when it gave one. */
export function startFailureToast(error: unknown): ToastContent {
  const message = serverMessage(error);
  return message
    ? { title: MESSAGING_COPY.startFailed, description: message }
    : { title: 'Error', description: MESSAGING_COPY.startFailed };
}

/** `onStarted` runs before the modal opens (the members dialog closes so the modal is the only one). */
export function useStartConversation(timelineId: string, onStarted?: () => void) {
  const queryClient = useQueryClient();
  const messaging = useMessagingModal();
  return useMutation({
    mutationFn: (recipientId: string) => startConversation(timelineId, recipientId),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      onStarted?.();
      messaging.open(id);
    },
    onError: (error) => notifyFailure(error, startFailureToast(error)),
  });
}
