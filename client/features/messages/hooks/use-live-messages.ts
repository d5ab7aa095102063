// The socket's direct-message events for the open conversation (issue 12): a new message joins the
// window at once (once, however often it arrives: the send call's answer may come first), and a read
// receipt marks the messages it covers. The list and the header's total are refreshed globally
// (client/lib/realtime/live-dashboard.ts), not here.
import { useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime/hooks.ts';
import { addMessage, type MessagesData, markReadBy } from '../api/message-cache.ts';

const EVENTS = ['new_message', 'message_read'] as const;

export function useLiveMessages(conversationId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENTS, (event) => {
    if (event.data.conversationId !== conversationId) return;
    const key = conversationKeys.messages(conversationId);
    if (event.type === 'new_message') {
      const message = event.data.directMessage;
      if (message.conversationId !== conversationId) return;
      queryClient.setQueryData<MessagesData>(key, (prev) => addMessage(prev, message));
    } else {
      queryClient.setQueryData<MessagesData>(key, (prev) =>
        markReadBy(prev, event.data.readerId, event.data.readAt),
      );
    }
  });
}
