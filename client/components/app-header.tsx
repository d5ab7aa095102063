// The signed-in header (spec 000 §2 Home): logo, avatar and name to /profile, the notification bell (issue 27)
// and the main actions.

import { CreditCard, Inbox, LogOut, type LucideIcon, Menu, MessageCircle, Search } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { shownName } from '../../common/names.ts';
import { signOut, useAuth, useMeta } from '../lib/auth.ts';
import { capCount } from '../lib/format.ts';
import { useMessagingModal } from '../lib/messaging-modal.tsx';
import { useUnreadMessages } from '../lib/use-unread-messages.ts';
import { LogoMark, Wordmark } from './logo.tsx';
import { NotificationBellSlot } from './notification-bell-slot.tsx';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';
import { UserAvatar } from './user-avatar.tsx';

interface HeaderAction {
  label: string;
  icon: LucideIcon;
  run: () => void;
  /** A count shown beside the label (capped at 99+) and spoken in the name: "Messages, 3 unread". */
  unread?: number;
  /** Its icon alone between md and lg, where every label did not fit (the label stays its name). */
  compact?: boolean;
}

/** The visible count; the accessible name carries the number (the badge itself is not read). */
function CountBadge({ count }: { count: number | undefined }) {
  if (!count || count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs font-semibold leading-5 text-white"
    >
      {capCount(count)}
    </span>
  );
}

/** "Messages, 3 unread" while there is a count, else the visible label alone. */
const nameOf = ({ label, unread }: HeaderAction) =>
  unread && unread > 0 ? `${label}, ${unread} unread` : undefined;

/** Wide screens: every action as a labelled button. */
function HeaderButtons({ actions }: { actions: HeaderAction[] }) {
  return (
    <nav aria-label="Main" className="hidden shrink-0 items-center gap-1 md:flex">
      {actions.map((action) => (
        <Button key={action.label} variant="ghost" size="sm" onClick={action.run} aria-label={nameOf(action)}>
          <action.icon aria-hidden />
          {action.compact ? <span className="sr-only lg:not-sr-only">{action.label}</span> : action.label}
          <CountBadge count={action.unread} />
        </Button>
      ))}
    </nav>
  );
}

/** Small screens: the same actions, labelled, in one menu (icons alone said too little at 360 px). */
function HeaderMenu({ actions }: { actions: HeaderAction[] }) {
  const last = actions.length - 1;
  // The closed menu shows the unread messages too, or they would be hidden at 360 px.
  const unread = actions.reduce((sum, action) => sum + (action.unread ?? 0), 0);
  return (
    <nav aria-label="Main" className="shrink-0 md:hidden">
      {/* Not modal: Messages opens a dialog as the menu closes. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={unread > 0 ? `Menu, ${unread} unread messages` : undefined}
          >
            <Menu aria-hidden="true" />
            Menu
            <CountBadge count={unread} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          {actions.map((action, i) => (
            <React.Fragment key={action.label}>
              {i === last && <DropdownMenuSeparator />}
              <DropdownMenuItem onSelect={action.run} aria-label={nameOf(action)}>
                <action.icon aria-hidden />
                {action.label}
                <CountBadge count={action.unread} />
              </DropdownMenuItem>
            </React.Fragment>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </nav>
  );
}

export function AppHeader() {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  const messaging = useMessagingModal();
  const unreadMessages = useUnreadMessages();
  const [, navigate] = useLocation();
  const name = shownName(user);
  const showBilling = meta !== undefined && meta.billingProvider !== 'off';
  const actions: HeaderAction[] = [
    { label: 'Search', icon: Search, run: () => navigate('/search'), compact: true },
    { label: 'Messages', icon: MessageCircle, run: () => messaging.open(), unread: unreadMessages },
    { label: 'My Requests', icon: Inbox, run: () => navigate('/my-requests') },
    ...(showBilling ? [{ label: 'Billing', icon: CreditCard, run: () => navigate('/billing') }] : []),
    { label: 'Sign Out', icon: LogOut, run: signOut },
  ];

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Threadline home"
        >
          <LogoMark className="size-8" />
          <Wordmark className="hidden sm:inline" />
        </Link>

        <Link
          href="/profile"
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg p-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:flex-initial"
          title={`${name}: edit profile`}
        >
          <UserAvatar user={user} self className="size-8" fallbackClassName="text-xs" />
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="sr-only">(edit profile)</span>
        </Link>

        {/* The bell and the actions at the right (the profile link takes the free space on a phone), as
            close together as the actions (768 px has no room to spare). */}
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <NotificationBellSlot />
          <HeaderButtons actions={actions} />
          <HeaderMenu actions={actions} />
        </div>
      </div>
    </header>
  );
}
