// POST /api/conversations/{id}/messages {content, mentions?} (spec 000 §5, §7; issue 27): the answer joins the window at once
// (the socket's copy of it is then ignored by id), then the list and the messages refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageBody } from '../../../../common/schemas/conversation.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { addMessage, type MessagesData } from './message-cache.ts';

export async function sendMessage(conversationId: string, body: SendMessageBody): Promise<Message> {
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/messages`, body);
  return (await res.json()) as Message;
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, mentions }: SendMessageBody) =>
      sendMessage(conversationId, { content: content.trim(), mentions }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagesData>(conversationKeys.messages(conversationId), (prev) =>
        addMessage(prev, message),
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) });
    },
    // Refreshed after a refusal too: it may mean the conversation became read-only (canSend false).
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.list }),
  });
}
