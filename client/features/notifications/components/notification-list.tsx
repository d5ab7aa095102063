// The inbox (issue 27), as the bell's panel and the /notifications page show it: newest first, paged, each
// notification a link to the exact post, comment or conversation. Following one marks it read (the card of
// spec 000 §4 marks nothing read). Unread ones are tinted, bold and dotted, and say "Unread" to screen readers.
import { Bell } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import type { NotificationItem } from '../../../../common/schemas/notifications.ts';
import { LocalTime } from '../../../components/local-time.tsx';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { timeAgo } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import {
  flattenNotifications,
  useNotificationList,
  useUnreadNotifications,
} from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';

/** An app path only: the href is the server's, but a link never leaves the app. */
export const safeHref = (href: string) => (href.startsWith('/') && !href.startsWith('//') ? href : '/');

/** "Mark all as read": enabled while something is unread (the bell's live count says so). */
export function MarkAllRead({ className }: { className?: string }) {
  const unread = useUnreadNotifications();
  const mark = useMarkRead();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={unread === 0 || mark.isPending}
      onClick={() => mark.mutate(undefined)}
    >
      <PendingLabel pending={mark.isPending} label="Mark all as read" pendingLabel="Marking..." />
    </Button>
  );
}

export function NotificationList({
  onFollow,
  className,
}: {
  /** A notification was followed (the panel closes). */
  onFollow?: () => void;
  className?: string;
}) {
  const query = useNotificationList();
  const markRead = useMarkRead({ quiet: true });
  const listRef = React.useRef<HTMLUListElement>(null);
  const items = flattenNotifications(query.data);

  if (query.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-muted-foreground">
        Loading notifications...
      </p>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-8 text-center">
        <p role="alert" className="text-sm">
          Could not load your notifications.
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={cn('py-8 text-center', className)}>
        <Bell className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No notifications yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Mentions, replies to your posts, messages and join requests show up here.
        </p>
      </div>
    );
  }

  const follow = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate([item.id]);
    onFollow?.();
  };
  return (
    <div className={className}>
      <ul ref={listRef} aria-label="Notifications" className="grid gap-1">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationLink item={item} onFollow={() => follow(item)} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} listRef={listRef} />
    </div>
  );
}

function NotificationLink({ item, onFollow }: { item: NotificationItem; onFollow: () => void }) {
  const unread = !item.readAt;
  return (
    <Link
      href={safeHref(item.href)}
      onClick={onFollow}
      className={cn(
        'flex items-start gap-3 rounded-lg p-2.5 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        unread && 'bg-blue-50 hover:bg-blue-100',
      )}
      data-unread={unread || undefined}
    >
      {/* The actor, or a bell when there is none to picture (a threadline archived or deleted, say). */}
      {/* Hidden from screen readers: the text names the actor already (initials would only be noise). */}
      {item.actor ? (
        <span aria-hidden="true" className="shrink-0">
          <UserAvatar
            user={{ displayName: item.actor.name, profileImageUrl: item.actor.profileImageUrl }}
            className="size-9"
            fallbackClassName="text-xs"
          />
        </span>
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
          <Bell className="size-4 text-muted-foreground" aria-hidden="true" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        {unread && <span className="sr-only">Unread: </span>}
        <span className={cn('block wrap-anywhere', unread ? 'font-semibold' : 'text-foreground')}>
          {item.text}
        </span>
        <LocalTime dateTime={item.createdAt} className="mt-0.5 block text-xs text-muted-foreground">
          {timeAgo(item.createdAt)}
        </LocalTime>
      </span>
      {unread && <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-blue-600" aria-hidden="true" />}
    </Link>
  );
}

/**
 * "Load more" while the server has another page; once it is in, a keyboard user's focus moves to the first
 * new notification (the button may be gone). Like client/components/load-more-button.tsx, written again here:
 * shared by a third page, that one would move into the chunk every signed-in page loads (vite-chunks.ts).
 */
function LoadMore({
  query,
  listRef,
}: {
  query: ReturnType<typeof useNotificationList>;
  listRef: React.RefObject<HTMLUListElement | null>;
}) {
  const button = React.useRef<HTMLButtonElement>(null);
  /** The index of the first item of the page being loaded, and whether the load showed yet. */
  const pending = React.useRef<{ from: number; started: boolean } | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  React.useEffect(() => {
    const load = pending.current;
    if (!load) return;
    if (isFetchingNextPage) {
      load.started = true;
      return;
    }
    const item = listRef.current?.children[load.from]?.querySelector('a');
    // Not in yet (this render came before the fetch showed), unless it ran and brought nothing.
    if (!item && !load.started) return;
    pending.current = null;
    const active = document.activeElement;
    if (item && (active === null || active === document.body || active === button.current)) item.focus();
  });
  if (!hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-3">
      {isFetchNextPageError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load more.
        </p>
      )}
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-disabled={isFetchingNextPage}
        onClick={() => {
          if (isFetchingNextPage) return;
          pending.current = { from: listRef.current?.children.length ?? 0, started: false };
          void fetchNextPage();
        }}
      >
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
