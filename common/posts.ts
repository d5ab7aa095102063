// Post constants and helpers without zod, so the client's feed can import them without bringing the schema
// library (common/schemas/post.ts re-exports them for the server).

export const POST_TYPES = ['text', 'image', 'video', 'audio', 'file', 'gallery'] as const;
export type PostType = (typeof POST_TYPES)[number];
/**
 * The feed's filter bar (spec 001 §2, plus "image" from issue 25: single images and galleries). Every filter
 * but "all" lists live posts only: tombstones show under "all" alone.
 */
export const FEED_FILTERS = ['all', 'text', 'image', 'video', 'audio', 'file'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];

/** The post types each filter lists (none: every type). */
export const FILTER_TYPES: Record<FeedFilter, readonly PostType[] | null> = {
  all: null,
  text: ['text'],
  image: ['image', 'gallery'],
  video: ['video'],
  audio: ['audio'],
  file: ['file'],
};

/** The like (spec 001 §7: "the heart emoji is the like"). */
export const HEART = '\u2764\uFE0F';

/** A post's content and attachments, emptied: a tombstone keeps none of them (DECISIONS §6). */
export const NO_CONTENT = {
  content: null,
  mediaUrl: null,
  mediaUrls: null,
  fileName: null,
  fileNames: null,
  fileSize: null,
  fileSizes: null,
  media: null,
} as const;

/** Everything a tombstone empties: content, attachments, mentions, reactions and comments. */
export const tombstoneFields = () => ({
  ...NO_CONTENT,
  mentions: [] as { id: string; name: string; as: string }[],
  reactionCounts: {},
  myReactions: [] as string[],
  commentCount: 0,
  latestComment: null,
});

/** `cursor` for the page after `last` (a post or a comment). */
export const cursorAfter = (last: { createdAt: string; id: string }) => `${last.createdAt},${last.id}`;
