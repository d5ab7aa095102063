// GET /api/conversations/unread-count: the header's Messages badge, refetched every 30 s (spec 000 §7, §9)
// and at once when the socket says a message was sent or read (client/lib/realtime/live-dashboard.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UI_TIMING } from '../../common/limits.ts';
import type { UnreadMessagesCount } from '../../common/schemas/conversation.ts';
import { conversationKeys } from './conversation-keys.ts';
import { apiRequest } from './queryClient.ts';

export async function getUnreadMessages(): Promise<UnreadMessagesCount> {
  const res = await apiRequest('GET', conversationKeys.unreadCount[0]);
  return (await res.json()) as UnreadMessagesCount;
}

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unreadCount,
    queryFn: getUnreadMessages,
    refetchInterval: UI_TIMING.conversationsRefetchMs,
  });

/** Unread messages from others over every conversation the user can read (0 while loading or failed). */
export function useUnreadMessages(): number {
  const { data } = useQuery(unreadMessagesQueryOptions());
  return data?.unreadCount ?? 0;
}
