// GET /api/conversations?cursor=, polled every 30 s (spec 000 §7, §9); the modal reads it only while open.
// 50 a page, newest activity first, the next page named by X-Next-Cursor (issue 23; client/lib/list-pages.ts);
// each poll reloads the pages loaded so far, so unread badges and order stay current on all of them.
import { useInfiniteQuery } from '@tanstack/react-query';
import { UI_TIMING } from '../../../../common/limits.ts';
import type { Conversation } from '../../../../common/schemas/conversation.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { listPagesOptions } from '../../../lib/list-pages.ts';

export const conversationsQueryOptions = () => ({
  ...listPagesOptions(conversationKeys.list, conversationKeys.list[0], (c: Conversation) => c.id),
  refetchInterval: UI_TIMING.conversationsRefetchMs,
  // Data never goes stale in this app, so a screen that opens (the modal, the page) asks once itself
  // instead of showing whatever was cached when it last closed.
  refetchOnMount: 'always' as const,
});

/** The list (`data`: every page loaded so far); `enabled: false` stops the fetch and the polling. */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions(), enabled });
}

export type ConversationsQuery = ReturnType<typeof useConversations>;
