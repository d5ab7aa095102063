// Text bounds the server enforces after trimming (DECISIONS §6) and other shared constants.
export const TEXT_LIMITS = {
  post: 10_000,
  comment: 2_000,
  directMessage: 4_000,
  timelineName: 255,
  timelineDescription: 1_000,
  requestMessage: 500,
  blockReason: 500,
  displayName: 100,
  bio: 500,
} as const;

/** Feed, comments, reactions and search (spec 001 §9, DECISIONS §6). */
export const FEED = {
  pageSize: 20,
  maxPageSize: 50,
  commentsPage: 50,
  maxCommentsPage: 100,
  searchLimit: 50,
  searchMaxChars: 2_000,
  emojiMaxChars: 10,
  /** Distinct emoji one post can hold (DECISIONS §3); past it, only those already there can be added. */
  distinctEmojiPerPost: 50,
} as const;

/** Direct messages (spec 000 §7): a conversation's messages come newest page first. */
export const MESSAGING = {
  pageSize: 50,
  maxPageSize: 100,
  /** The conversation list shows each last message cut to this many code points, "…" included (issue 23). */
  previewChars: 140,
} as const;

/**
 * Lists answered page by page (issue 23: join requests, blocked users, conversations): the body stays the
 * spec's array, at most LIST_PAGE_SIZE items; when more remain the answer carries the next page's cursor in
 * this header, to send back as `?cursor=`.
 */
export const LIST_PAGE_SIZE = 50;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const NAME_PART_MAX = 100;

export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

export const BODY_LIMIT_BYTES = 1024 * 1024;

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

// Client timing constants (spec 000 §9).
export const UI_TIMING = {
  unreadRefetchMs: 30_000,
  conversationsRefetchMs: 30_000,
  messagesRefetchMs: 5_000,
  searchDebounceMs: 300,
  copiedIndicatorMs: 2_000,
  unauthorizedRedirectMs: 500,
  toastDurationMs: 5_000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
} as const;

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * "Download my data" (issue 26; DECISIONS §10). An account holding more rows than `inlineMaxRows` (posts,
 * comments, reactions, messages sent or received, files) or more stored bytes than `inlineMaxBytes` is
 * exported in the background and a link mailed; a smaller one streams at once. A ready export is offered for
 * `offeredForMs`.
 */
export const DATA_EXPORT = {
  inlineMaxRows: 5_000,
  inlineMaxBytes: 100 * 1024 * 1024,
  offeredForMs: 24 * 60 * 60 * 1000,
} as const;
