// The signed-in header (spec 000 §2 Home): logo, avatar and name to /profile, and the main actions.

import { CreditCard, Inbox, LogOut, MessageCircle } from 'lucide-react';
import type * as React from 'react';
import { Link, useLocation } from 'wouter';
import { shownName } from '../../common/names.ts';
import { signOut, useAuth, useMeta } from '../lib/auth.ts';
import { useMessagingModal } from '../lib/messaging-modal.tsx';
import { LogoMark, Wordmark } from './logo.tsx';
import { Button } from './ui/button.tsx';
import { UserAvatar } from './user-avatar.tsx';

function HeaderButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0 lg:w-auto lg:px-3"
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      {icon}
      <span className="hidden lg:inline">{label}</span>
    </Button>
  );
}

export function AppHeader() {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  const messaging = useMessagingModal();
  const [, navigate] = useLocation();
  const name = shownName(user);
  const showBilling = meta !== undefined && meta.billingProvider !== 'off';

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
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
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg p-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none"
          title="Edit profile"
        >
          <UserAvatar user={user} className="size-8" fallbackClassName="text-xs" />
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="sr-only">(edit profile)</span>
        </Link>

        <nav aria-label="Main" className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <HeaderButton
            label="Messages"
            icon={<MessageCircle aria-hidden="true" />}
            onClick={() => messaging.open()}
          />
          <HeaderButton
            label="My Requests"
            icon={<Inbox aria-hidden="true" />}
            onClick={() => navigate('/my-requests')}
          />
          {showBilling && (
            <HeaderButton
              label="Billing"
              icon={<CreditCard aria-hidden="true" />}
              onClick={() => navigate('/billing')}
            />
          )}
          <HeaderButton label="Sign Out" icon={<LogOut aria-hidden="true" />} onClick={signOut} />
        </nav>
      </div>
    </header>
  );
}
