// What the caller may do in the feed (spec 001 §5-§6, DECISIONS §5), from the page's timeline and members.
// The server enforces the same rules; the client only hides what would be refused.
import type { Role } from '../../../../common/roles.ts';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';

export interface FeedCapabilities {
  role: Role;
  archived: boolean;
  /** The composer shows. */
  canPost: boolean;
  /** A participant sees the "posting is disabled" notice instead of the composer. */
  postingDisabled: boolean;
  canComment: boolean;
  /** Viewers react too; nobody changes anything in an archived threadline. */
  canReact: boolean;
  canPin: boolean;
}

type TimelineRules = Pick<
  TimelineDetail,
  'role' | 'state' | 'allowParticipantPosts' | 'allowParticipantComments'
>;

export function feedCapabilities(timeline: TimelineRules): FeedCapabilities {
  const { role } = timeline;
  const archived = timeline.state !== 'active';
  const staff = role === 'owner' || role === 'moderator';
  const participantMay = (allowed: boolean) => staff || (role === 'participant' && allowed);
  return {
    role,
    archived,
    canPost: !archived && participantMay(timeline.allowParticipantPosts),
    postingDisabled: !archived && role === 'participant' && !timeline.allowParticipantPosts,
    canComment: !archived && participantMay(timeline.allowParticipantComments),
    canReact: !archived,
    canPin: !archived && role === 'owner',
  };
}

/**
 * Delete: the author, the owner (any post), a moderator on posts of participants, viewers and ex-members
 * (`authorRole` undefined), never on the owner's or another moderator's. Tombstones are gone already.
 */
export function canDeletePost(
  caps: Pick<FeedCapabilities, 'role' | 'archived'>,
  post: { author: { id: string }; deletedAt: string | null },
  currentUserId: string | undefined,
  authorRole: Role | undefined,
): boolean {
  if (caps.archived || post.deletedAt) return false;
  if (post.author.id === currentUserId || caps.role === 'owner') return true;
  return caps.role === 'moderator' && authorRole !== 'owner' && authorRole !== 'moderator';
}
