// Members, blocked users and join requests as lists show them. `showEmail` is true only for the owner.
import type { Role } from '../../common/roles.ts';
import type {
  BlockedUser,
  JoinRequest,
  JoinRequestStatus,
  Member,
  MemberUser,
  MyJoinRequest,
} from '../../common/schemas/timeline.ts';
import type {
  JoinRequestRow,
  Timeline,
  TimelineMember,
  timelineBlockedUsers,
  User,
} from '../db/schema/index.ts';
import { iso } from './iso.ts';

type BlockedRow = typeof timelineBlockedUsers.$inferSelect;

export function presentMemberUser(u: User, showEmail: boolean): MemberUser {
  return {
    id: u.id,
    displayName: u.displayName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: showEmail ? u.email : null,
    profileImageUrl: u.profileImageUrl,
    bio: u.bio,
  };
}

export const presentMembership = (m: TimelineMember) => ({
  userId: m.userId,
  role: m.role as Role,
  joinedAt: m.joinedAt.toISOString(),
});

export const presentMember = (m: TimelineMember, u: User, showEmail: boolean): Member => ({
  ...presentMembership(m),
  user: presentMemberUser(u, showEmail),
});

export const presentBlocked = (b: BlockedRow, u: User): BlockedUser => ({
  userId: b.userId,
  user: presentMemberUser(u, true),
  blockedAt: b.blockedAt.toISOString(),
  reason: b.reason,
});

export const presentJoinRequest = (r: JoinRequestRow, u: User, showEmail: boolean): JoinRequest => ({
  id: r.id,
  timelineId: r.timelineId,
  status: r.status as JoinRequestStatus,
  message: r.message,
  responseMessage: r.responseMessage,
  createdAt: r.createdAt.toISOString(),
  processedAt: iso(r.processedAt),
  user: presentMemberUser(u, showEmail),
});

export const presentMyJoinRequest = (r: JoinRequestRow, t: Timeline): MyJoinRequest => ({
  id: r.id,
  timelineId: r.timelineId,
  timeline: {
    name: t.name,
    description: t.description,
    deletedAt: iso(t.deletedAt),
    archivedAt: iso(t.archivedAt),
  },
  status: r.status as JoinRequestStatus,
  message: r.message,
  responseMessage: r.responseMessage,
  createdAt: r.createdAt.toISOString(),
  processedAt: iso(r.processedAt),
});
