// GET /api/conversations, polled every 30 s (spec 000 §7, §9); the modal reads it only while open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UI_TIMING } from '../../../../common/limits.ts';
import type { Conversation } from '../../../../common/schemas/conversation.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

export async function getConversations(): Promise<Conversation[]> {
  const res = await apiRequest('GET', conversationKeys.list[0]);
  return (await res.json()) as Conversation[];
}

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.list,
    queryFn: getConversations,
    refetchInterval: UI_TIMING.conversationsRefetchMs,
    // Data never goes stale in this app, so a screen that opens (the modal, the page) asks once itself
    // instead of showing whatever was cached when it last closed.
    refetchOnMount: 'always',
  });

/** The list; `enabled: false` stops both the fetch and the polling (the modal while closed). */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}
