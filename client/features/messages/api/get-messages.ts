// GET /api/conversations/{id}/messages?limit&cursor (spec 000 §7, §9): the newest page, polled every 5 s
// while the conversation is on screen and merged into the cached window; older pages load on demand.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UI_TIMING } from '../../../../common/limits.ts';
import type { Message } from '../../../../common/schemas/conversation.ts';
import { conversationKeys, messagesUrl } from '../../../lib/conversation-keys.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { type MessagesData, mergeNewestPage, olderCursor, prependOlderPage } from './message-cache.ts';

export async function getMessages(conversationId: string, cursor?: string): Promise<Message[]> {
  const res = await apiRequest('GET', messagesUrl(conversationId, cursor));
  return (await res.json()) as Message[];
}

/** A 404 or 403: the conversation is gone for this user (left, blocked, deleted); polling stops. */
const isGone = (error: unknown) => error instanceof Error && /^40[34]: /.test(error.message);

export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: async ({ client, queryKey }): Promise<MessagesData> => {
      const page = await getMessages(conversationId);
      // Read the cache after the answer: messages the socket added meanwhile stay.
      return mergeNewestPage(client.getQueryData<MessagesData>(queryKey), page);
    },
    refetchInterval: (query) => (isGone(query.state.error) ? false : UI_TIMING.messagesRefetchMs),
    // Reopening a conversation shows the cached window at once and fetches the newest page behind it.
    refetchOnMount: 'always',
  });

export const useMessages = (conversationId: string) => useQuery(messagesQueryOptions(conversationId));

/** The page before the window's oldest message, added at its front. */
export function useLoadOlderMessages(conversationId: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.messages(conversationId);
  return useMutation({
    mutationFn: async () => {
      const cursor = olderCursor(queryClient.getQueryData<MessagesData>(key));
      return cursor ? getMessages(conversationId, cursor) : [];
    },
    onSuccess: (page) => queryClient.setQueryData<MessagesData>(key, (prev) => prependOlderPage(prev, page)),
  });
}
