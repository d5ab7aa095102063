// The API contract of threadlines, membership and join requests (spec 000 §3, 001 §3, DECISIONS §4-6).
// The server validates bodies and shapes answers with these; the client reads the inferred types.
import { z } from 'zod';
import { ACCENT_COLOR_NAMES } from '../appearance.ts';
import { TEXT_LIMITS } from '../limits.ts';
import type { PLAN_LIMIT_MESSAGES } from '../plans.ts';
import { ASSIGNABLE_ROLES, ROLES, TIMELINE_STATES } from '../roles.ts';
import { listPageQuery } from './list-page.ts';
import { optionalText, text } from './text.ts';

const iso = z.iso.datetime({ offset: true });
/** Lower-cased, so ids compare as the database compares them (an upper-case copy of one's own id is one's id). */
const uuid = z.uuid().toLowerCase();

// ---- bodies ----

/** The create and join forms' words for an empty field (spec 000 §5), the same in the dialog and in a 400. */
export const REQUIRED_COPY = {
  name: 'Please enter a threadline name',
  code: 'Please enter a threadline code',
} as const;

export const createTimelineBody = z.object({
  name: text(TEXT_LIMITS.timelineName, 'Name', { required: REQUIRED_COPY.name }),
  description: optionalText(TEXT_LIMITS.timelineDescription, 'Description', { multiline: true }),
});
export type CreateTimelineBody = z.input<typeof createTimelineBody>;

export const joinTimelineBody = z.object({
  joinCode: z
    .string()
    .trim()
    .min(1, REQUIRED_COPY.code)
    .max(32, 'Please check the code and try again')
    .regex(/^[\p{L}\p{N}-]*$/u, 'Please check the code and try again')
    .transform((v) => v.toUpperCase()),
  message: optionalText(TEXT_LIMITS.requestMessage, 'Message', { multiline: true }),
});
export type JoinTimelineBody = z.input<typeof joinTimelineBody>;

export const timelineListFilter = z.object({
  filter: z.enum(TIMELINE_STATES).optional(),
});

export const permissionsBody = z
  .object({
    allowParticipantPosts: z.boolean(),
    allowParticipantComments: z.boolean(),
    allowParticipantMessaging: z.boolean(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one permission');
export type PermissionsBody = z.infer<typeof permissionsBody>;

export const approvalSettingsBody = z.object({ joinApprovalRequired: z.boolean() }).strict();
export type ApprovalSettingsBody = z.infer<typeof approvalSettingsBody>;

export const roleChangeBody = z.object({ role: z.enum(ASSIGNABLE_ROLES) }).strict();
export type RoleChangeBody = z.infer<typeof roleChangeBody>;

/** DELETE /api/timelines/{id}/members/{userId}: the body is optional. */
export const removeMemberBody = z
  .object({ reason: optionalText(TEXT_LIMITS.blockReason, 'Reason', { multiline: true }) })
  .strict()
  .nullish();

export const respondToRequestBody = z
  .object({
    responseMessage: optionalText(TEXT_LIMITS.requestMessage, 'Response message', { multiline: true }),
  })
  .strict()
  .nullish();

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
/** GET /api/timelines/{id}/join-requests?status=&cursor=: one page (common/schemas/list-page.ts). */
export const joinRequestsQuery = listPageQuery.extend({ status: z.enum(JOIN_REQUEST_STATUSES).optional() });

// ---- answers ----

export const createTimelineResponse = z.object({ id: uuid, joinCode: z.string() });
export type CreateTimelineResponse = z.infer<typeof createTimelineResponse>;

export const archiverUserSchema = z.object({
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  /** Only the owner sees e-mail addresses (DECISIONS §5); null for everyone else. */
  email: z.string().nullable(),
});

/**
 * A threadline's customization (DECISIONS §9); null when not shown: nothing set, or the owner's plan lacks
 * customization (the stored values stay and show again on an upgrade). PATCH body: schemas/appearance.ts.
 */
export const timelineAppearance = z.object({
  /** The cover's object path, shown as a banner. */
  coverImageUrl: z.string().nullable(),
  /** A name from ACCENT_COLORS (common/appearance.ts). */
  accentColor: z.enum(ACCENT_COLOR_NAMES).nullable(),
  /** One emoji, shown beside the name. */
  icon: z.string().nullable(),
});
export type TimelineAppearance = z.infer<typeof timelineAppearance>;

/** Dashboard card and switcher entry (spec 000 §3). */
export const timelineListItem = z.object({
  id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  state: z.enum(TIMELINE_STATES),
  role: z.enum(ROLES),
  memberCount: z.number().int(),
  /** Owner only; null for other roles. */
  joinCode: z.string().nullable(),
  createdAt: iso,
  archivedAt: iso.nullable(),
  deletedAt: iso.nullable(),
  archiverUser: archiverUserSchema.nullable(),
  appearance: timelineAppearance.nullable(),
});
export type TimelineListItem = z.infer<typeof timelineListItem>;
export const timelineList = z.array(timelineListItem);

export const unreadCount = z.object({
  timelineId: uuid,
  unreadPostCount: z.number().int(),
  unreadCommentCount: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCount>;
export const unreadCounts = z.array(unreadCount);

export const pendingSummaryItem = z.object({ timelineId: uuid, pendingCount: z.number().int() });
export type PendingSummaryItem = z.infer<typeof pendingSummaryItem>;
export const pendingSummary = z.array(pendingSummaryItem);

export const JOIN_STATUSES = ['joined', 'pending', 'already_member'] as const;
export const joinResponse = z.object({
  requiresApproval: z.boolean(),
  status: z.enum(JOIN_STATUSES),
  message: z.string().optional(),
  timeline: z.object({ id: uuid }),
});
export type JoinResponse = z.infer<typeof joinResponse>;

/** The threadline page's timeline (spec 001 §3). */
export const timelineDetail = z.object({
  id: uuid,
  name: z.string(),
  description: z.string().nullable(),
  role: z.enum(ROLES),
  state: z.enum(TIMELINE_STATES),
  ownerId: uuid,
  /** Owner only; null for other roles. */
  joinCode: z.string().nullable(),
  allowParticipantPosts: z.boolean(),
  allowParticipantComments: z.boolean(),
  allowParticipantMessaging: z.boolean(),
  joinApprovalRequired: z.boolean(),
  pinnedPostId: uuid.nullable(),
  createdAt: iso,
  archivedAt: iso.nullable(),
  appearance: timelineAppearance.nullable(),
  /** The member offered ownership (issue 26): shown to the owner and to that member only; else null. */
  pendingOwnerId: uuid.nullable(),
});
export type TimelineDetail = z.infer<typeof timelineDetail>;

/** A person as member lists show them; e-mail only for the owner's eyes. */
export const memberUser = z.object({
  id: uuid,
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
});
export type MemberUser = z.infer<typeof memberUser>;

export const memberSchema = z.object({
  userId: uuid,
  role: z.enum(ROLES),
  joinedAt: iso,
  user: memberUser,
});
export type Member = z.infer<typeof memberSchema>;

export const timelinePage = z.object({
  timeline: timelineDetail,
  member: z.object({ userId: uuid, role: z.enum(ROLES), joinedAt: iso }),
  members: z.array(memberSchema),
});
export type TimelinePageData = z.infer<typeof timelinePage>;

export const blockedUserSchema = z.object({
  userId: uuid,
  user: memberUser,
  blockedAt: iso,
  reason: z.string().nullable(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsers = z.array(blockedUserSchema);

/** A request as the owner's and moderators' panel shows it (spec 001 §3). */
export const joinRequestSchema = z.object({
  id: uuid,
  timelineId: uuid,
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string().nullable(),
  responseMessage: z.string().nullable(),
  createdAt: iso,
  processedAt: iso.nullable(),
  user: memberUser,
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequests = z.array(joinRequestSchema);

/** The requester's own view (spec 000 §3 My join request). */
export const myJoinRequestSchema = z.object({
  id: uuid,
  timelineId: uuid,
  timeline: z.object({
    name: z.string(),
    description: z.string().nullable(),
    deletedAt: iso.nullable(),
    archivedAt: iso.nullable(),
  }),
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string().nullable(),
  responseMessage: z.string().nullable(),
  createdAt: iso,
  processedAt: iso.nullable(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;
export const myJoinRequests = z.array(myJoinRequestSchema);

export const messageResponse = z.object({ message: z.string() });

export const timelineStateResponse = z.object({
  id: uuid,
  state: z.enum(TIMELINE_STATES),
  archivedAt: iso.nullable(),
});

export const markViewedResponse = z.object({ timelineId: uuid, viewedAt: iso });

export const subscriptionStatus = z.object({
  plan: z.enum(['free', 'pro', 'community']),
  limits: z.object({
    maxTimelines: z.number().int(),
    maxMembersPerTimeline: z.number().int(),
    storageGB: z.number(),
  }),
  usage: z.object({ timelines: z.number().int(), storageUsed: z.number().int() }),
  subscriptionStatus: z.object({
    status: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    /** Seconds since the epoch, as the spec reads it. */
    currentPeriodEnd: z.number().int().nullable(),
  }),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** 403 plan-limit answers (DECISIONS §4). */
export interface PlanLimitError {
  message: (typeof PLAN_LIMIT_MESSAGES)[keyof typeof PLAN_LIMIT_MESSAGES];
  planUpgradeRequired: true;
  limit: number;
}

/** POST /api/timelines/{id}/transfer: offers ownership to a member, who accepts (issue 26). */
export const transferBody = z.object({ userId: z.string().max(64) });
