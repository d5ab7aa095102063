// What a dashboard card offers, by role and state (spec 000 §2, §6; DECISIONS §5).
import type { Role, TimelineState } from '../../../../common/roles.ts';

export interface CardCapabilities {
  /** Active for everyone; archived only for the owner; deleted for nobody. */
  canOpen: boolean;
  showJoinCode: boolean;
  canCopyCode: boolean;
  canArchive: boolean;
  canRestore: boolean;
  showArchiveInfo: boolean;
  showPending: boolean;
  showUnread: boolean;
}

export function cardCapabilities(item: {
  role: Role;
  state: TimelineState;
  joinCode: string | null;
  pendingCount?: number;
}): CardCapabilities {
  const isOwner = item.role === 'owner';
  const canOpen = item.state === 'active' || (item.state === 'archived' && isOwner);
  return {
    canOpen,
    showJoinCode: isOwner && item.joinCode !== null,
    canCopyCode: isOwner && item.joinCode !== null && item.state !== 'deleted',
    canArchive: isOwner && item.state === 'active',
    canRestore: isOwner && item.state === 'archived',
    showArchiveInfo: item.state === 'archived',
    // The summary also lists moderators' threadlines: they manage requests too (DECISIONS §5).
    showPending: canOpen && (isOwner || item.role === 'moderator') && (item.pendingCount ?? 0) > 0,
    showUnread: item.state !== 'deleted',
  };
}
