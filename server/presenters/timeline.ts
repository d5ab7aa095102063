// Threadline rows -> API shapes (common/schemas/timeline.ts). Join codes and e-mails only for the owner.

import type { AccentColor } from '../../common/appearance.ts';
import type { Role, TimelineState } from '../../common/roles.ts';
import type { TimelineAppearance, TimelineDetail, TimelineListItem } from '../../common/schemas/timeline.ts';
import { hasFeature } from '../billing/features.ts';
import type { Config } from '../config.ts';
import type { Timeline } from '../db/schema/index.ts';
import type { UserTimelineRow } from '../queries/timelineList.ts';
import { iso } from './iso.ts';

export const timelineState = (t: Pick<Timeline, 'deletedAt' | 'archivedAt'>): TimelineState =>
  t.deletedAt ? 'deleted' : t.archivedAt ? 'archived' : 'active';

type AppearanceColumns = Pick<Timeline, 'coverImageUrl' | 'accentColor' | 'icon' | 'deletedAt'>;

/**
 * What the threadline shows of its customization (DECISIONS §9): null when nothing is set, when it is
 * deleted, or when the owner's plan lacks customization (the values stay stored for an upgrade).
 */
export function presentAppearance(
  t: AppearanceColumns,
  config: Config,
  ownerPlan: string | null | undefined,
): TimelineAppearance | null {
  if (t.deletedAt || !hasFeature(config, ownerPlan, 'customization')) return null;
  if (!t.coverImageUrl && !t.accentColor && !t.icon) return null;
  return {
    coverImageUrl: t.coverImageUrl,
    accentColor: t.accentColor as AccentColor | null,
    icon: t.icon,
  };
}

export function presentTimelineListItem(row: UserTimelineRow, config: Config): TimelineListItem {
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
    appearance: presentAppearance(t, config, row.ownerPlan),
  };
}

/** `appearance`: presentAppearance's answer for this threadline and its owner's plan. */
export function presentTimelineDetail(
  t: Timeline,
  role: Role,
  appearance: TimelineAppearance | null,
  viewerId: string,
): TimelineDetail {
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
    appearance,
    // An offer is the owner's and the offered member's business alone.
    pendingOwnerId: role === 'owner' || t.pendingOwnerId === viewerId ? t.pendingOwnerId : null,
  };
}
