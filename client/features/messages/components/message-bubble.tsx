// One message (spec 000 §2): own messages on the right, the other person's on the left, with the time and,
// for own messages, whether the other person has read it. Long words wrap; nothing scrolls sideways. Links
// are clickable as in posts (the same LinkedText: http(s) only, new tab, rel noopener noreferrer nofollow).
import { Check, CheckCheck } from 'lucide-react';
import * as React from 'react';
import type { Message } from '../../../../common/schemas/conversation.ts';
import { LocalTime } from '../../../components/local-time.tsx';
import { cn } from '../../../lib/utils.ts';
import { LinkedText } from '../../timeline/components/feed/linked-text.tsx';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "3:04 PM" today, "Mar 4, 3:04 PM" this year, else with the year. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  if (sameDay(date, now)) return date.toLocaleTimeString(undefined, time);
  const day: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...time };
  if (date.getFullYear() === now.getFullYear()) return date.toLocaleString(undefined, day);
  return date.toLocaleString(undefined, { year: 'numeric', ...day });
}

export const MessageBubble = React.memo(function MessageBubble({
  message,
  own,
  senderName,
}: {
  message: Message;
  own: boolean;
  /** The other person's shown name (own messages read "You"). */
  senderName: string;
}) {
  return (
    <li
      className={cn('flex min-w-0', own ? 'justify-end' : 'justify-start')}
      data-message-id={message.id}
      data-own={own || undefined}
    >
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-xs sm:max-w-[75%]',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{own ? 'You' : senderName}: </span>
        <LinkedText
          text={message.content}
          mentions={message.mentions}
          linkClassName={own ? 'text-primary-foreground focus-visible:ring-primary-foreground' : undefined}
        />
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-xs',
            own ? 'text-primary-foreground' : 'text-muted-foreground',
          )}
        >
          <LocalTime dateTime={message.createdAt}>{messageTime(message.createdAt)}</LocalTime>
          {own && <ReadReceipt read={message.isRead} />}
        </p>
      </div>
    </li>
  );
});

function ReadReceipt({ read }: { read: boolean }) {
  const Icon = read ? CheckCheck : Check;
  const label = read ? 'Read' : 'Sent';
  return (
    <span className="inline-flex items-center" title={label} data-read={read}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">, {label}</span>
    </span>
  );
}
