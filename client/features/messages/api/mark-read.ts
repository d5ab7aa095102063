// POST /api/conversations/{id}/read, or /mark-read from the modal (spec 000 §4, §7 record both paths):
// the other person's messages become read; then the list and the header's total refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult } from '../../../../common/schemas/conversation.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { type MessagesData, markReadBy } from './message-cache.ts';

export type ThreadVariant = 'modal' | 'page';

export const markReadUrl = (conversationId: string, variant: ThreadVariant) =>
  `/api/conversations/${conversationId}/${variant === 'modal' ? 'mark-read' : 'read'}`;

export async function markConversationRead(
  conversationId: string,
  variant: ThreadVariant,
): Promise<MarkReadResult> {
  const res = await apiRequest('POST', markReadUrl(conversationId, variant));
  return (await res.json()) as MarkReadResult;
}

export function useMarkConversationRead(conversationId: string, variant: ThreadVariant, meId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(conversationId, variant),
    onSuccess: ({ readAt }) => {
      queryClient.setQueryData<MessagesData>(conversationKeys.messages(conversationId), (prev) =>
        markReadBy(prev, meId, readAt),
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount });
    },
  });
}
