// Every dialog the page opens from its header; one open at a time.
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { DeleteTimelineDialog, LeaveTimelineDialog } from './exit-timeline-dialogs.tsx';
import { JoinRequestsDialog } from './join-requests-dialog.tsx';
import { MembersDialog } from './members-dialog.tsx';
import { PermissionsDialog } from './permissions-dialog.tsx';

export type TimelineDialog = 'members' | 'permissions' | 'joinRequests' | 'delete' | 'leave';

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
      {isOwner && active && (
        <PermissionsDialog
          open={open === 'permissions'}
          onOpenChange={toggle('permissions')}
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
