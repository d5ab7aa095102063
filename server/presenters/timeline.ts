// Threadline rows -> API shapes (common/schemas/timeline.ts). Join codes and e-mails only for the owner.
import type { Role, TimelineState } from '../../common/roles.ts';
import type { TimelineDetail, TimelineListItem } from '../../common/schemas/timeline.ts';
import type { Timeline } from '../db/schema/index.ts';
import type { UserTimelineRow } from '../queries/timelineList.ts';
import { iso } from './iso.ts';

export const timelineState = (t: Pick<Timeline, 'deletedAt' | 'archivedAt'>): TimelineState =>
  t.deletedAt ? 'deleted' : t.archivedAt ? 'archived' : 'active';

export function presentTimelineListItem(row: UserTimelineRow): TimelineListItem {
  const t = row.timeline;
  const isOwner = row.role === 'owner';
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    state: timelineState(t),
    role: row.role as Role,
    memberCount: row.memberCount,
    joinCode: isOwner ? t.joinCode : null,
    createdAt: t.createdAt.toISOString(),
    archivedAt: iso(t.archivedAt),
    deletedAt: iso(t.deletedAt),
    archiverUser:
      t.archivedAt && row.archiver
        ? {
            displayName: row.archiver.displayName,
            firstName: row.archiver.firstName,
            email: isOwner ? row.archiver.email : null,
          }
        : null,
  };
}

export function presentTimelineDetail(t: Timeline, role: Role): TimelineDetail {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    role,
    state: timelineState(t),
    ownerId: t.ownerId,
    joinCode: role === 'owner' ? t.joinCode : null,
    allowParticipantPosts: t.allowParticipantPosts,
    allowParticipantComments: t.allowParticipantComments,
    allowParticipantMessaging: t.allowParticipantMessaging,
    joinApprovalRequired: t.joinApprovalRequired,
    pinnedPostId: t.pinnedPostId,
    createdAt: t.createdAt.toISOString(),
    archivedAt: iso(t.archivedAt),
  };
}
