// Every dialog the page opens from its header; one open at a time.
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';

// Each loads when first opened: the threadline's first load carries none of them.
const exitDialogs = () => import('./exit-timeline-dialogs.tsx');
const DeleteTimelineDialog = lazyDialog(async () => (await exitDialogs()).DeleteTimelineDialog);
const LeaveTimelineDialog = lazyDialog(async () => (await exitDialogs()).LeaveTimelineDialog);
const JoinRequestsDialog = lazyDialog(
  async () => (await import('./join-requests-dialog.tsx')).JoinRequestsDialog,
);
// Recharts comes with it, so the threadline's first load never carries a chart library.
const InsightsDialog = lazyDialog(
  async () => (await import('./insights/insights-dialog.tsx')).InsightsDialog,
);
const MembersDialog = lazyDialog(async () => (await import('./members-dialog.tsx')).MembersDialog);
const AppearanceDialog = lazyDialog(async () => (await import('./appearance-dialog.tsx')).AppearanceDialog);
const PermissionsDialog = lazyDialog(
  async () => (await import('./permissions-dialog.tsx')).PermissionsDialog,
);
const NotifyLevelDialog = lazyDialog(
  async () => (await import('./notify-level-dialog.tsx')).NotifyLevelDialog,
);

export type TimelineDialog =
  | 'members'
  | 'notifications'
  | 'permissions'
  | 'appearance'
  | 'joinRequests'
  | 'insights'
  | 'delete'
  | 'leave';

export function TimelineDialogs({
  data,
  open,
  onOpenChange,
  currentUserId,
  onGone,
}: {
  data: TimelinePageData;
  open: TimelineDialog | null;
  onOpenChange: (dialog: TimelineDialog | null) => void;
  currentUserId: string | undefined;
  /** The user left or deleted the threadline. */
  onGone: () => void;
}) {
  const { timeline, members } = data;
  const isOwner = timeline.role === 'owner';
  const active = timeline.state === 'active';
  const toggle = (dialog: TimelineDialog) => (next: boolean) => onOpenChange(next ? dialog : null);

  return (
    <>
      <MembersDialog
        open={open === 'members'}
        onOpenChange={toggle('members')}
        timeline={timeline}
        members={members}
        currentUserId={currentUserId}
      />
      {active && (
        <NotifyLevelDialog
          open={open === 'notifications'}
          onOpenChange={toggle('notifications')}
          timeline={timeline}
        />
      )}
      {isOwner && active && (
        <PermissionsDialog
          open={open === 'permissions'}
          onOpenChange={toggle('permissions')}
          timeline={timeline}
        />
      )}
      {isOwner && active && (
        <AppearanceDialog
          open={open === 'appearance'}
          onOpenChange={toggle('appearance')}
          timeline={timeline}
        />
      )}
      {active && (
        <JoinRequestsDialog
          open={open === 'joinRequests'}
          onOpenChange={toggle('joinRequests')}
          timelineId={timeline.id}
          timelineName={timeline.name}
          isOwner={isOwner}
          isModerator={timeline.role === 'moderator'}
        />
      )}
      {(isOwner || (timeline.role === 'moderator' && active)) && (
        <InsightsDialog
          open={open === 'insights'}
          onOpenChange={toggle('insights')}
          timelineId={timeline.id}
          timelineName={timeline.name}
        />
      )}
      {isOwner && (
        <DeleteTimelineDialog
          open={open === 'delete'}
          onOpenChange={toggle('delete')}
          timeline={timeline}
          onGone={onGone}
        />
      )}
      {!isOwner && (
        <LeaveTimelineDialog
          open={open === 'leave'}
          onOpenChange={toggle('leave')}
          timeline={timeline}
          onGone={onGone}
        />
      )}
    </>
  );
}
