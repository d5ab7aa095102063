// The threadline page's header (spec 001 §2 Header).
import { ArrowLeft, BellRing, ChartColumn, Filter, LogOut, Search, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { NotificationBellSlot } from '../../../components/notification-bell-slot.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { TimelineStateBadge } from '../../../components/status-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { accentHex } from '../../../lib/appearance.ts';
import { useAuth } from '../../../lib/auth.ts';
import { memberCountLabel } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import type { TimelineDialog } from './timeline-dialogs.tsx';
import { TimelineSettingsMenu } from './timeline-settings-menu.tsx';
import { TimelineSwitcher } from './timeline-switcher.tsx';

export interface FeedToggles {
  searchOpen: boolean;
  filterOpen: boolean;
  onToggleSearch: () => void;
  onToggleFilter: () => void;
}

export function TimelineHeader({
  timeline,
  memberCount,
  onOpen,
  toggles,
}: {
  timeline: TimelineDetail;
  memberCount: number;
  onOpen: (dialog: TimelineDialog) => void;
  toggles: FeedToggles;
}) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const isOwner = timeline.role === 'owner';
  const archived = timeline.state === 'archived';
  // The accent (a CSS variable set on the page, lib/appearance.ts) marks the header's top edge and name.
  const accent = accentHex(timeline.appearance);
  const icon = timeline.appearance?.icon;

  return (
    <header
      className={cn('z-40 border-b border-border bg-card sm:sticky sm:top-0', accent && 'border-t-4')}
      style={accent ? { borderTopColor: 'var(--tl-accent)' } : undefined}
    >
      <div className="mx-auto grid max-w-4xl gap-3 px-3 py-3 sm:px-6">
        <div className="flex items-start gap-2 sm:gap-3">
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            onClick={() => navigate('/')}
            aria-label="Back to home"
            title="Back to home"
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
          <div className="min-w-0 flex-1 pt-1">
            <h1
              className={cn(
                'wrap-anywhere text-xl font-bold leading-tight tracking-tight sm:text-2xl',
                accent && 'text-(--tl-accent)',
              )}
            >
              {icon && (
                <span aria-hidden="true" className="mr-2" data-testid="timeline-icon">
                  {icon}
                </span>
              )}
              {timeline.name}
            </h1>
            {timeline.description && (
              <p className="mt-1 line-clamp-3 wrap-anywhere text-sm text-muted-foreground">
                {timeline.description}
              </p>
            )}
          </div>
          <NotificationBellSlot />
          <Link
            href="/profile"
            className="shrink-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Edit profile"
            title="Edit profile"
          >
            <UserAvatar user={user} self className="size-9" fallbackClassName="text-xs" />
          </Link>
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <RoleBadge role={timeline.role} />
          {archived && <TimelineStateBadge state="archived" />}
          <Button variant="outline" size="sm" onClick={() => onOpen('members')}>
            <Users aria-hidden="true" />
            {memberCountLabel(memberCount)}
          </Button>
          <TimelineSwitcher currentId={timeline.id} />
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <BarToggle label="Search posts" pressed={toggles.searchOpen} onToggle={toggles.onToggleSearch}>
              <Search aria-hidden="true" />
            </BarToggle>
            <BarToggle label="Filter posts" pressed={toggles.filterOpen} onToggle={toggles.onToggleFilter}>
              <Filter aria-hidden="true" />
            </BarToggle>
            {/* The panel is for moderators too (spec 001 §6); owners reach it from the settings menu. */}
            {timeline.role === 'moderator' && !archived && (
              <Button variant="outline" size="sm" onClick={() => onOpen('joinRequests')}>
                <UserPlus aria-hidden="true" />
                {/* One text run: separate flex items read as "Manage  Join Requests". */}
                <span>
                  <span className="hidden sm:inline">Manage </span>Join Requests
                </span>
              </Button>
            )}
            {/* Owners find Insights in the settings menu; moderators, who have none, here. */}
            {timeline.role === 'moderator' && !archived && (
              <Button
                variant="outline"
                size="icon"
                className="size-9"
                aria-label="Insights"
                title="Insights"
                onClick={() => onOpen('insights')}
              >
                <ChartColumn aria-hidden="true" />
              </Button>
            )}
            {/* What this member hears about from here (issue 27); nothing new comes from an archived one. */}
            {!archived && (
              <Button
                variant="outline"
                size="icon"
                className="size-9"
                aria-label="Notification settings"
                title="Notification settings"
                onClick={() => onOpen('notifications')}
              >
                <BellRing aria-hidden="true" />
              </Button>
            )}
            {!isOwner && (
              <Button variant="outline" size="sm" onClick={() => onOpen('leave')}>
                <LogOut aria-hidden="true" />
                Leave
              </Button>
            )}
            {isOwner && <TimelineSettingsMenu archived={archived} onOpen={onOpen} />}
          </div>
        </div>
      </div>
    </header>
  );
}

/** The header's search and filter switches: icon buttons that show and hide their bar. */
function BarToggle(props: { label: string; pressed: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <Button
      variant={props.pressed ? 'secondary' : 'outline'}
      size="icon"
      className="size-9"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onToggle}
    >
      {props.children}
    </Button>
  );
}
