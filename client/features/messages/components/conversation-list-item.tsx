// One conversation in the list (spec 000 §2): the other person's avatar and name, the threadline, the last
// message ("You: " before one's own), when, and the unread badge. A button, so the keyboard opens it.
import * as React from 'react';
import type { Conversation } from '../../../../common/schemas/conversation.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { capCount, timeAgo } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { conversationLabel, lastMessagePreview, otherName, otherPerson } from '../lib/conversation-view.ts';

export function ConversationListItem({
  conversation,
  meId,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  meId: string | undefined;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const previewId = React.useId();
  const timeId = React.useId();
  const name = otherName(conversation, meId);
  const preview = lastMessagePreview(conversation, meId);
  const unread = conversation.unreadCount;
  const at = conversation.lastMessage?.createdAt ?? conversation.lastMessageAt;

  return (
    <button
      type="button"
      data-testid="conversation-item"
      data-conversation-id={conversation.id}
      aria-current={selected ? 'true' : undefined}
      aria-label={conversationLabel(conversation, meId)}
      aria-describedby={`${previewId} ${timeId}`}
      onClick={() => onSelect(conversation.id)}
      className={cn(
        'flex w-full min-w-0 items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        selected && 'bg-indigo-50 hover:bg-indigo-100',
      )}
    >
      <UserAvatar
        user={otherPerson(conversation, meId)}
        className="size-10 shrink-0"
        fallbackClassName="text-sm"
      />
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
          <time id={timeId} dateTime={at} className="shrink-0 text-xs text-muted-foreground">
            {timeAgo(at)}
          </time>
        </span>
        <span className="block truncate text-xs text-muted-foreground">{conversation.timeline.name}</span>
        <span className="mt-0.5 flex min-w-0 items-center gap-2">
          <span
            id={previewId}
            className={cn(
              'min-w-0 flex-1 truncate text-sm',
              unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
              !preview && 'italic',
            )}
          >
            {preview ?? 'No messages yet'}
          </span>
          {unread > 0 && (
            <Badge
              data-testid="conversation-unread"
              className="shrink-0 border-transparent bg-blue-600 text-white"
              aria-hidden="true"
            >
              {capCount(unread)}
            </Badge>
          )}
        </span>
      </span>
    </button>
  );
}
