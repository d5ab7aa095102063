// The stored data model of spec 001 §3, plus what local and OIDC accounts need.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

import type { NotificationPrefs, StoredMention } from '../../../common/notifications.ts';
import type { MediaInfo } from '../../../common/schemas/media.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => uuid('id').primaryKey().defaultRandom();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: 254 }).unique('users_email_unique'),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    displayName: varchar('display_name', { length: 100 }),
    bio: text('bio'),
    profileImageUrl: text('profile_image_url'),
    plan: varchar('plan', { length: 20 }).notNull().default('free'),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    // bigint: the community plan's 100 GB does not fit a 32-bit integer.
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    /** argon2id hash for local accounts; never leaves the server. */
    passwordHash: text('password_hash'),
    /** When the address was confirmed from a mailed link (or came verified from the OIDC issuer). */
    emailVerifiedAt: at('email_verified_at'),
    /** OpenID Connect subject, "issuer|sub", for accounts from AUTH_PROVIDER=oidc. */
    oidcSubject: text('oidc_subject').unique('users_oidc_subject_unique'),
    /**
     * When the account was deleted (issue 26): the row stays, anonymised, so posts and comments keep an
     * author id; its address, names, password and subject are gone and it can never sign in again.
     */
    deletedAt: at('deleted_at'),
    /** Which notifications are mailed and how (issue 27; common/notifications.ts): null is the defaults. */
    notificationPrefs: jsonb('notification_prefs').$type<Partial<NotificationPrefs>>(),
    /** When the next digest is due (null: never, the user chose no digest). */
    digestDueAt: at('digest_due_at').default(sql`now() + interval '7 days'`),
    /** Set by the admin command line (`users disable`): the account cannot sign in and has no sessions. */
    disabledAt: at('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_plan_check', sql`${t.plan} in ('free', 'pro', 'community')`),
    index('users_digest_due_idx')
      .on(t.digestDueAt)
      .where(sql`digest_due_at is not null and deleted_at is null`),
  ],
);

/**
 * Paid subscriptions (issue 13). `users.plan` stays the plan in force (what the limits read); a row here is
 * how the user got it. At most one live row per user (incomplete, active, past_due, unpaid, trialing): two
 * upgrades at once meet on that index. Ended rows (canceled, incomplete_expired) stay as history.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox | stripe */
    provider: varchar('provider', { length: 20 }).notNull(),
    /** pro | community */
    plan: varchar('plan', { length: 20 }).notNull(),
    /** monthly | yearly */
    billingPeriod: varchar('billing_period', { length: 10 }).notNull(),
    /** Stripe's subscription statuses; the sandbox uses incomplete, active and canceled. */
    status: varchar('status', { length: 30 }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: at('current_period_end'),
    /** Stripe's subscription id (null for the sandbox). */
    externalId: varchar('external_id', { length: 255 }),
    /** The first payment's client secret while incomplete (the sandbox's confirm token); null after. */
    clientSecret: text('client_secret'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_live_unique')
      .on(t.userId)
      .where(sql`${t.status} in ('incomplete', 'active', 'past_due', 'unpaid', 'trialing')`),
    uniqueIndex('subscriptions_external_unique').on(t.externalId),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

/** Stripe webhook events already applied, recorded in the same transaction as their effect (idempotency). */
export const billingEvents = pgTable('billing_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: at('processed_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    sess: jsonb('sess').notNull().$type<SessionData>(),
    expire: at('expire').notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export interface SessionData {
  userId: string;
  /** The browser's User-Agent at sign-in (at most 300 characters): "Signed-in devices" names it. */
  userAgent?: string;
  /** Epoch ms of sign-in: sessions end 30 days after it whatever the activity. */
  createdAt: number;
}

export const timelines = pgTable(
  'timelines',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    joinCode: varchar('join_code', { length: 10 }).notNull().unique('timelines_join_code_unique'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A member the owner offered ownership to (issue 26), until they accept or either side withdraws. */
    pendingOwnerId: uuid('pending_owner_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: posts reference timelines, and a pinned post is cleared when it is deleted.
    pinnedPostId: uuid('pinned_post_id'),
    allowParticipantPosts: boolean('allow_participant_posts').notNull().default(true),
    allowParticipantComments: boolean('allow_participant_comments').notNull().default(true),
    allowParticipantMessaging: boolean('allow_participant_messaging').notNull().default(true),
    joinApprovalRequired: boolean('join_approval_required').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: at('archived_at'),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    // Customization (DECISIONS §9): kept on a downgrade, shown only while the owner's plan has it.
    /** The cover's object path (/objects/uploads/{id}); its upload row has category 'cover' and timelineId. */
    coverImageUrl: text('cover_image_url'),
    /** A name from ACCENT_COLORS (common/appearance.ts). */
    accentColor: varchar('accent_color', { length: 20 }),
    /** One RGI emoji. */
    icon: varchar('icon', { length: 64 }),
    /**
     * count(*) of timeline_members here, kept by every membership write in its own transaction
     * (commands/memberCount.ts), so the dashboard list does not count (issue 28).
     */
    memberCount: integer('member_count').notNull().default(0),
    /**
     * Bumped in the transaction of every write that changes what the feed's first page shows, so a page
     * cached in memory is served only while its version is the one read with the caller's access (issue 28).
     */
    feedVersion: bigint('feed_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('timelines_owner_idx').on(t.ownerId)],
);

export const timelineMembers = pgTable(
  'timeline_members',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull().default('participant'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    /** What this member is notified of here (issue 27): every post, mentions and replies, or nothing. */
    notifyLevel: varchar('notify_level', { length: 10 }).notNull().default('mentions'),
  },
  (t) => [
    uniqueIndex('timeline_members_timeline_user_unique').on(t.timelineId, t.userId),
    index('timeline_members_user_idx').on(t.userId),
    check('timeline_members_role_check', sql`${t.role} in ('owner', 'moderator', 'participant', 'viewer')`),
    check('timeline_members_notify_level_check', sql`${t.notifyLevel} in ('all', 'mentions', 'none')`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content'),
    type: varchar('type', { length: 20 }).notNull().default('text'),
    mediaUrl: text('media_url'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    mediaUrls: text('media_urls').array(),
    fileNames: text('file_names').array(),
    fileSizes: integer('file_sizes').array(),
    /** Each attachment's type, dimensions and thumbnail (MediaInfo), fixed when posted: the feed reads no join. */
    media: jsonb('media').$type<MediaInfo[]>(),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the author last changed the text (null: never edited). */
    editedAt: at('edited_at'),
    /** Members mentioned in the text (issue 27): the id and the "@Name" the text holds as typed. */
    mentions: jsonb('mentions').$type<StoredMention[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Full-text search over content and attachment names (DECISIONS §6).
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(content, '') || ' ' || coalesce(file_name, '') || ' ' || coalesce(file_names_text(file_names), ''))`,
    ),
  },
  (t) => [
    // Ascending on purpose: PostgreSQL reads it backwards for newest-first pages, and the id breaks ties in
    // the feed's keyset. Author and deletedAt ride along so unread counts are index-only scans
    // (bench/timelines-list.ts).
    index('posts_timeline_created_idx').on(t.timelineId, t.createdAt, t.id, t.authorId, t.deletedAt),
    // The feed's type filters (text, video, audio, file) page through one type without reading the others.
    index('posts_timeline_type_created_idx').on(t.timelineId, t.type, t.createdAt, t.id),
    // One threadline's matches only (btree_gin): a global GIN bitmap filtered by threadline afterwards read
    // tens of thousands of other threadlines' rows for common prefixes (bench/README.md, feed.ts).
    index('posts_timeline_search_idx').using('gin', t.timelineId, t.searchVector),
    // Advanced search newest first across many threadlines: a frequent word is found by walking the newest
    // posts and stopping at the page's end, instead of reading and sorting all its matches (bench/README.md).
    index('posts_created_idx').on(t.createdAt, t.id),
    // One author's posts in order: the data export's pages and its size count (issue 26).
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
    check('posts_type_check', sql`${t.type} in ('text', 'image', 'video', 'audio', 'file', 'gallery')`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // Copied from the post so unread comment counts read one index range per threadline.
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    parentId: uuid('parent_id'),
    /** When the author last changed the text (null: never edited). */
    editedAt: at('edited_at'),
    /** A tombstone (its author deleted their account, issue 26): content '', the row keeps the thread's shape. */
    deletedAt: at('deleted_at'),
    /** Members mentioned in the text (issue 27), as on posts. */
    mentions: jsonb('mentions').$type<StoredMention[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Advanced search finds comments too (DECISIONS §9).
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, content)`),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_timeline_created_idx').on(t.timelineId, t.createdAt, t.authorId),
    // The searcher's threadlines' matches only (btree_gin), as posts_timeline_search_idx.
    index('comments_timeline_search_idx').using('gin', t.timelineId, t.searchVector),
    index('comments_created_idx').on(t.createdAt, t.id),
    index('comments_author_created_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

/**
 * Earlier texts of a post, kept only under a Pro or Community owner (DECISIONS §9): one row per edit, holding
 * the text it replaced. They go with the post (a delete's tombstone removes them too, commands/posts.ts).
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    content: text('content'),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When this text was replaced. */
    createdAt: createdAt(),
  },
  (t) => [index('post_versions_post_created_idx').on(t.postId, t.createdAt, t.id)],
);

export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: varchar('emoji', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reactions_post_idx').on(t.postId),
    index('reactions_comment_idx').on(t.commentId),
    index('reactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('reactions_post_user_emoji_unique')
      .on(t.postId, t.userId, t.emoji)
      .where(sql`${t.postId} is not null`),
    uniqueIndex('reactions_comment_user_emoji_unique')
      .on(t.commentId, t.userId, t.emoji)
      .where(sql`${t.commentId} is not null`),
  ],
);

export const userTimelineViews = pgTable(
  'user_timeline_views',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    lastViewedAt: at('last_viewed_at'),
    lastCommentViewedAt: at('last_comment_viewed_at'),
  },
  (t) => [uniqueIndex('user_timeline_views_user_timeline_unique').on(t.userId, t.timelineId)],
);

export const timelineAnalytics = pgTable(
  'timeline_analytics',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 50 }).notNull(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (t) => [
    // Migration 0012 gives this index INCLUDE (action, user_id, metadata): insights read it index-only.
    index('timeline_analytics_timeline_idx').on(t.timelineId, t.createdAt),
    // One "viewed" row per member per UTC day: the insert is ON CONFLICT DO NOTHING, never a read first.
    uniqueIndex('timeline_analytics_view_day_unique')
      .on(t.timelineId, t.userId, sql`((${t.createdAt} at time zone 'UTC')::date)`)
      .where(sql`${t.action} = 'timeline_viewed'`),
  ],
);

export const timelineJoinRequests = pgTable(
  'timeline_join_requests',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    message: text('message'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    responseMessage: text('response_message'),
    createdAt: createdAt(),
    processedAt: at('processed_at'),
  },
  (t) => [
    // The owner's panel, page by page (issue 23): newest first with the id as tie-break, with a status filter
    // or without one; each page reads a range of one of these backwards. The first also serves the pending
    // summary's (timeline, status) lookups.
    index('timeline_join_requests_timeline_status_created_idx').on(t.timelineId, t.status, t.createdAt, t.id),
    index('timeline_join_requests_timeline_created_idx').on(t.timelineId, t.createdAt, t.id),
    index('timeline_join_requests_user_idx').on(t.userId),
    // One pending request per user and threadline (DECISIONS §5).
    uniqueIndex('timeline_join_requests_pending_unique')
      .on(t.timelineId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('timeline_join_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const timelineBlockedUsers = pgTable(
  'timeline_blocked_users',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    blockedAt: at('blocked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timeline_blocked_users_timeline_user_unique').on(t.timelineId, t.userId),
    // The Blocked list, page by page (issue 23): most recent first, the id as tie-break.
    index('timeline_blocked_users_timeline_blocked_idx').on(t.timelineId, t.blockedAt, t.id),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    initiatorId: uuid('initiator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: at('last_message_at'),
    // Set when the recipient asks for the conversation themself (POST /api/conversations) before any
    // message: until then an empty conversation shows only to its initiator (issue 25).
    recipientOpenedAt: at('recipient_opened_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One conversation per pair of people per threadline, whoever started it (DECISIONS §8). It implies
    // the data model's unique (timeline, initiator, recipient), and two people starting it at the same
    // moment meet here: the second insert does nothing and reads the first one's row.
    uniqueIndex('conversations_timeline_pair_unique').on(
      t.timelineId,
      sql`least(${t.initiatorId}, ${t.recipientId})`,
      sql`greatest(${t.initiatorId}, ${t.recipientId})`,
    ),
    index('conversations_initiator_idx').on(t.initiatorId),
    index('conversations_recipient_idx').on(t.recipientId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    mediaUrl: text('media_url'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    deletedAt: at('deleted_at'),
    editedAt: at('edited_at'),
    /** People mentioned in the text (issue 27), as on posts: only the conversation's two can read it. */
    mentions: jsonb('mentions').$type<StoredMention[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

export const messageReadStatus = pgTable(
  'message_read_status',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_read_status_message_user_unique').on(t.messageId, t.userId)],
);

/**
 * Attempt counters of the rate limits (DECISIONS §3) when several instances share PostgreSQL: one row per
 * key and fixed window, counted with one upsert per attempt before the attempt is evaluated.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 400 }).primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * Every uploaded object (DECISIONS §7). The server makes the key; the file name is a display name only.
 * pending: an upload URL was issued; stored: the bytes were checked and counted in the owner's
 * storageUsedBytes; attached: a post, message or avatar uses it. Unattached rows older than 24 h are swept.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    key: text('key').notNull().unique('uploads_key_unique'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the uploader asked for (image, video, audio, document, avatar); null: decided from the bytes. */
    category: varchar('category', { length: 20 }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    declaredSize: bigint('declared_size', { mode: 'number' }),
    /** The stored size, counted in the owner's storageUsedBytes from `stored` on. */
    size: bigint('size', { mode: 'number' }),
    contentType: varchar('content_type', { length: 255 }),
    fileName: varchar('file_name', { length: 255 }),
    width: integer('width'),
    height: integer('height'),
    thumbnailKey: text('thumbnail_key'),
    /** The larger webp (fits LARGE_IMAGE.maxSide) for wide tiles and single images; null on older uploads. */
    largeKey: text('large_key'),
    /** The open multipart upload's id (S3 UploadId, or the local one). */
    multipartId: text('multipart_id'),
    /** Local upload URLs are single-use: set when one is consumed. */
    urlUsedAt: at('url_used_at'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    timelineId: uuid('timeline_id').references(() => timelines.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    avatarOf: uuid('avatar_of').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    storedAt: at('stored_at'),
    attachedAt: at('attached_at'),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    // The orphan sweep reads unattached rows oldest first.
    index('uploads_status_created_idx').on(t.status, t.createdAt),
    index('uploads_post_idx').on(t.postId),
    check('uploads_status_check', sql`${t.status} in ('pending', 'stored', 'attached')`),
  ],
);

export type User = typeof users.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type Timeline = typeof timelines.$inferSelect;
export type TimelineMember = typeof timelineMembers.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type JoinRequestRow = typeof timelineJoinRequests.$inferSelect;

/**
 * The app instances sharing this PostgreSQL, for the socket cap (DECISIONS §3: at most 10 sockets per user,
 * across instances). Each refreshes seenAt on a timer (server/realtime/registry-postgres.ts); the sockets of
 * one not seen for a while stop counting, and it is swept with them. Both tables are UNLOGGED (migration
 * 0008): live state only, nothing to keep after a crash. Unused on the embedded database (one process).
 */
export const realtimeInstances = pgTable('realtime_instances', {
  id: uuid('id').primaryKey(),
  seenAt: at('seen_at').notNull().defaultNow(),
});

/** One row per open /ws socket on PostgreSQL; the oldest past the cap are closed (CLOSE_CODES.replaced). */
export const realtimeSockets = pgTable(
  'realtime_sockets',
  {
    id: uuid('id').primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => realtimeInstances.id, { onDelete: 'cascade' }),
    // No foreign key to users: an unlogged table may reference only unlogged tables.
    userId: uuid('user_id').notNull(),
    /** When it opened: microseconds on the opening instance's clock, strictly increasing per instance. */
    openedUs: bigint('opened_us', { mode: 'number' }).notNull(),
  },
  (t) => [index('realtime_sockets_user_idx').on(t.userId, t.openedUs)],
);

/**
 * Mail waiting to go out (DECISIONS §10), written in the same transaction as its cause. A worker claims due
 * rows with FOR UPDATE SKIP LOCKED and pushes next_attempt_at past its send (a lease), so two instances
 * never send one row; failures back off, and a row a day old is given up (failed_at).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    /** What caused it (password_reset, password_changed...): logs and tests. */
    kind: varchar('kind', { length: 40 }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (issue 27: List-Unsubscribe and List-Unsubscribe-Post on notification mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    failedAt: at('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`)],
);

/** Password reset links (DECISIONS §10): only the SHA-256 of the token is kept; single use, one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Links that confirm an address (DECISIONS §10): `verify` confirms the account's address as it is; `change`
 * makes `email` the account's address. Only the SHA-256 of the token is kept; single use, 24 hours.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_tokens_user_idx').on(t.userId),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify', 'change')`),
  ],
);

/**
 * "Download my data" prepared in the background (issue 26; DECISIONS §10), for accounts too large to stream
 * at once. A job is queued, then building (leased to one instance's worker: next_attempt_at is when the lease
 * ends, or when a queued job is due again after a failure), then ready (the ZIP at object_key, offered until
 * expires_at) and expired (the object removed), or failed after a few attempts. At most one live job (queued
 * or building) per user: parallel requests meet on that index.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    /** Claims so far; the attempt number is also the lease's token (a worker whose lease was taken finds it changed). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    createdAt: createdAt(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    uniqueIndex('data_exports_user_live_unique').on(t.userId).where(sql`status in ('queued', 'building')`),
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    index('data_exports_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'building')`),
    check(
      'data_exports_status_check',
      sql`${t.status} in ('queued', 'building', 'ready', 'expired', 'failed')`,
    ),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * A user's notifications (issue 27; DECISIONS §10). Written in the transaction of their cause, at most once
 * per cause (`dedupe_key`). The inbox shows only those about threadlines the user can still read (or about
 * losing one). `mail_after` is when an unread one is due for mail (null: not mailable, or handled); read
 * ones are pruned after 90 days.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    timelineId: uuid('timeline_id').references(() => timelines.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    // No foreign key: messages go only with their conversation, which takes these along.
    messageId: uuid('message_id'),
    text: text('text').notNull(),
    href: text('href').notNull(),
    dedupeKey: varchar('dedupe_key', { length: 100 }),
    readAt: at('read_at'),
    mailAfter: at('mail_after'),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending on purpose (read backwards for newest first); the id breaks ties in the inbox's keyset.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_user_dedupe_unique')
      .on(t.userId, t.dedupeKey)
      .where(sql`dedupe_key is not null`),
    index('notifications_mail_due_idx').on(t.mailAfter).where(sql`mail_after is not null`),
    index('notifications_read_idx').on(t.readAt).where(sql`read_at is not null`),
    // The cascades' lookups: a post's deletion removes its comments, an account's its conversations.
    index('notifications_comment_idx').on(t.commentId).where(sql`comment_id is not null`),
    index('notifications_conversation_idx').on(t.conversationId).where(sql`conversation_id is not null`),
    // An account's deletion removes what it caused (their texts quote the deleted posts and messages).
    index('notifications_actor_idx').on(t.actorId).where(sql`actor_id is not null`),
    check(
      'notifications_type_check',
      sql`${t.type} in ('mention', 'reply', 'message', 'new_post', 'join_request', 'request_outcome', 'role_changed', 'removed', 'timeline_archived', 'timeline_deleted')`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Devices that opted in to Web Push (issue 27), one row per push endpoint. Tied to the session that
 * subscribed: signing out on that device removes it; so does the push service answering 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionKey: varchar('session_key', { length: 128 }).references(() => sessions.sid, {
      onDelete: 'cascade',
    }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionKey),
  ],
);
