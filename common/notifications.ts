// Notifications (issue 27; DECISIONS §10): kinds, per-threadline levels, e-mail preferences and limits.
// Plain constants (no zod) so the client's entry can import them.

/** Every stored notification type. */
export const NOTIFICATION_TYPES = [
  'mention',
  'reply',
  'message',
  'new_post',
  'join_request',
  'request_outcome',
  'role_changed',
  'removed',
  'timeline_archived',
  'timeline_deleted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A mention as stored with a post, comment or message: who, and the "@Name" the text holds as typed (so the
 * client can find it in the text and show the person's current name there, whatever they are called now).
 */
export interface StoredMention {
  id: string;
  as: string;
}

/** What a member is notified of in one threadline: every post, mentions and replies (default), or nothing. */
export const NOTIFY_LEVELS = ['all', 'mentions', 'none'] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];
export const DEFAULT_NOTIFY_LEVEL: NotifyLevel = 'mentions';
export const NOTIFY_LEVEL_LABELS: Record<NotifyLevel, string> = {
  all: 'Every post',
  mentions: 'Mentions and replies',
  none: 'Nothing',
};

/** The kinds one chooses e-mail (and push) for in the profile, and the types each covers. */
export const MAIL_KINDS = ['mentions', 'messages', 'joinRequests', 'requestOutcomes'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_TYPES: Record<MailKind, readonly NotificationType[]> = {
  mentions: ['mention', 'reply'],
  messages: ['message'],
  joinRequests: ['join_request'],
  requestOutcomes: ['request_outcome'],
};
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  mentions: 'Mentions and replies',
  messages: 'Direct messages',
  joinRequests: 'Join requests to manage',
  requestOutcomes: 'Outcomes of my join requests',
};
/** The kind a notification type is mailed as, if any. */
export function mailKindOf(type: NotificationType): MailKind | null {
  for (const kind of MAIL_KINDS) if (MAIL_KIND_TYPES[kind].includes(type)) return kind;
  return null;
}

export const MAIL_DELIVERIES = ['immediately', 'digest', 'never'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export interface NotificationPrefs {
  email: Record<MailKind, MailDelivery>;
  digest: DigestFrequency;
}
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  email: {
    mentions: 'immediately',
    messages: 'immediately',
    joinRequests: 'immediately',
    requestOutcomes: 'immediately',
  },
  digest: 'weekly',
};
/** Stored preferences (possibly partial or from an older shape) over the defaults. */
export function resolvePrefs(stored: Partial<NotificationPrefs> | null | undefined): NotificationPrefs {
  return {
    email: { ...DEFAULT_NOTIFICATION_PREFS.email, ...(stored?.email ?? {}) },
    digest: stored?.digest ?? DEFAULT_NOTIFICATION_PREFS.digest,
  };
}

export const NOTIFICATIONS = {
  /** Inbox page size. */
  pageSize: 20,
  /** Ids one POST /api/notifications/read may name. */
  maxReadIds: 100,
  /** Members one post, comment or message may mention. */
  maxMentions: 50,
  /** An unread notification is mailed only after this long (people at their screen get no mail). */
  mailDelayMs: 10 * 60_000,
  /** Read notifications older than this are pruned. */
  pruneAfterMs: 90 * 24 * 60 * 60_000,
  /** Unsubscribe links stay valid this long. */
  unsubscribeTokenTtlMs: 60 * 24 * 60 * 60_000,
  /** Push devices one user may register. */
  maxPushDevices: 10,
  /** Characters of a notification's text. */
  textMax: 300,
} as const;
