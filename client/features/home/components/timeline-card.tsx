// One threadline on the dashboard (spec 000 §2): badges, join code, archive state and actions by role.
import { ArrowRight, Clock, UserPlus, Users } from 'lucide-react';
import { useLocation } from 'wouter';
import { personName } from '../../../../common/names.ts';
import type { TimelineListItem, UnreadCount } from '../../../../common/schemas/timeline.ts';
import { CoverBanner } from '../../../components/cover-banner.tsx';
import { JoinCodeCopy } from '../../../components/join-code-copy.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { TimelineStateBadge } from '../../../components/status-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card.tsx';
import { accentStyle } from '../../../lib/appearance.ts';
import { capCount, memberCountLabel, shortDate } from '../../../lib/format.ts';
import { REQUEST_STATUS_STYLES } from '../../../lib/status-styles.ts';
import { cn } from '../../../lib/utils.ts';
import { cardCapabilities } from '../lib/card-capabilities.ts';
import { pendingLabel } from '../lib/unread.ts';
import { ArchiveButton, RestoreButton } from './owner-actions.tsx';
import { UnreadBadges } from './unread-badges.tsx';

interface Props {
  timeline: TimelineListItem;
  unread?: UnreadCount;
  pendingCount?: number;
}

export function TimelineCard({ timeline, unread, pendingCount = 0 }: Props) {
  const [, navigate] = useLocation();
  const can = cardCapabilities({ ...timeline, pendingCount });
  const archived = timeline.state === 'archived';
  const deleted = timeline.state === 'deleted';
  const open = () => navigate(`/timeline/${timeline.id}`);
  // The owner's customization (DECISIONS §9): cover banner, icon, and the accent on the card's buttons.
  const { appearance } = timeline;
  const accent = accentStyle(appearance);

  return (
    <Card
      className={cn(
        'flex h-full flex-col overflow-hidden',
        archived && 'border-amber-300 bg-amber-50',
        deleted && 'border-dashed bg-muted shadow-none',
        accent && 'border-t-4',
      )}
      style={accent && { ...accent, borderTopColor: 'var(--tl-accent)' }}
      data-testid="timeline-card"
    >
      {appearance?.coverImageUrl && <CoverBanner src={appearance.coverImageUrl} className="h-24" />}
      <CardHeader className="gap-2 pb-3 sm:pb-3">
        <div className="flex items-start justify-between gap-2">
          <h3
            className={cn(
              'min-w-0 wrap-anywhere text-lg font-semibold leading-tight',
              deleted && 'text-muted-foreground line-through',
            )}
          >
            {appearance?.icon && (
              <span aria-hidden="true" className="mr-1.5" data-testid="timeline-icon">
                {appearance.icon}
              </span>
            )}
            {timeline.name}
          </h3>
          {can.showUnread && <UnreadBadges unread={unread} />}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <RoleBadge role={timeline.role} />
          {timeline.state !== 'active' && <TimelineStateBadge state={timeline.state} />}
          {can.showPending && (
            <button
              type="button"
              onClick={open}
              title={pendingLabel(pendingCount)}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors hover:bg-purple-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                REQUEST_STATUS_STYLES.pending,
              )}
            >
              <UserPlus className="size-3" aria-hidden="true" />
              <span aria-hidden="true">{capCount(pendingCount)} pending</span>
              <span className="sr-only">{pendingLabel(pendingCount)}</span>
            </button>
          )}
        </div>
      </CardHeader>

      <CardContent className="flex flex-1 flex-col gap-3">
        {timeline.description && (
          <p className="line-clamp-3 wrap-anywhere text-sm text-muted-foreground">{timeline.description}</p>
        )}
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden="true" />
          {memberCountLabel(timeline.memberCount)}
        </p>
        {can.showArchiveInfo && timeline.archivedAt && (
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-amber-900">
            <Clock className="size-4" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">
              {timeline.archiverUser ? `Archived by ${personName(timeline.archiverUser)}` : 'Archived'}
            </span>
            <time dateTime={timeline.archivedAt}>on {shortDate(timeline.archivedAt)}</time>
          </p>
        )}
        {can.showJoinCode && timeline.joinCode && (
          <JoinCodeCopy code={timeline.joinCode} disabled={!can.canCopyCode} />
        )}
      </CardContent>

      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button size="sm" disabled={!can.canOpen} onClick={open}>
          Open
          <span className="sr-only"> {timeline.name}</span>
          <ArrowRight aria-hidden="true" />
        </Button>
        {can.canArchive && <ArchiveButton id={timeline.id} name={timeline.name} />}
        {can.canRestore && <RestoreButton id={timeline.id} name={timeline.name} />}
      </CardFooter>
    </Card>
  );
}
