// The API contract of posts, comments, reactions, pin and search (spec 001 §3, §7; DECISIONS §6).
// The server validates bodies and shapes answers with these; the client reads the inferred types.
import { z } from 'zod';
import { FEED, TEXT_LIMITS } from '../limits.ts';
import { UPLOAD } from '../media.ts';
import { FEED_FILTERS, POST_TYPES } from '../posts.ts';
import { mediaInfo } from './media.ts';
import { mentionIdsSchema, mentionSchema } from './notifications.ts';
import { text } from './text.ts';

export {
  cursorAfter,
  FEED_FILTERS,
  type FeedFilter,
  HEART,
  NO_CONTENT,
  POST_TYPES,
  type PostType,
  tombstoneFields,
} from '../posts.ts';

import { memberUser } from './timeline.ts';

const iso = z.iso.datetime({ offset: true });
/** Lower-cased, so ids compare as the database compares them (an upper-case copy of one's own id is one's id). */
const uuid = z.uuid().toLowerCase();

const POST_EMPTY = 'Please enter some content or add media';

// ---- emoji ----

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const graphemes = (s: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)];
/**
 * Unicode's emoji "recommended for general interchange" (RGI_Emoji, a property of strings: the `v` flag, in
 * Node 20 and current browsers). An engine without it keeps the shape check below; the server always has it.
 */
const RGI_EMOJI = (() => {
  try {
    // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag breaks parsing where it is missing.
    return new RegExp('^\\p{RGI_Emoji}$', 'v');
  } catch {
    return null;
  }
})();

/**
 * Exactly one RGI emoji of at most 10 characters (code points), so a letter with a keycap mark or a lone
 * regional indicator is not one (DECISIONS §3).
 */
export function isSingleEmoji(value: string): boolean {
  if (value.length === 0 || [...value].length > FEED.emojiMaxChars) return false;
  if (RGI_EMOJI) return RGI_EMOJI.test(value);
  return graphemes(value).length === 1 && PICTOGRAPH.test(value);
}

// ---- bodies and queries ----

const objectPath = z.string().min(1).max(1024);
const displayName = z.string().trim().min(1).max(255);
const size = z.number().int().min(0);

/**
 * POST /api/posts (spec 001 §7): text, one upload (`mediaUrl`, `fileName`, `fileSize`: type image, video,
 * audio or file by the upload's kind) or 2 to 10 images (`mediaUrls`, `fileNames`, `fileSizes`: a gallery).
 * Media paths are the `objectPath`s of PUT /api/media; the server re-checks kind, owner and size, and
 * the sizes it stores are its own.
 */
export const createPostBody = z
  .object({
    timelineId: uuid,
    type: z.enum(POST_TYPES).default('text'),
    content: text(TEXT_LIMITS.post, 'Content', { multiline: true }).optional(),
    mediaUrl: objectPath.optional(),
    fileName: displayName.optional(),
    fileSize: size.optional(),
    mediaUrls: z.array(objectPath).min(1).max(UPLOAD.galleryMax).optional(),
    fileNames: z.array(displayName).max(UPLOAD.galleryMax).optional(),
    fileSizes: z.array(size).max(UPLOAD.galleryMax).optional(),
    /** Members mentioned ("@Name" in `content`); ids the text does not name, or of non-members, are ignored. */
    mentions: mentionIdsSchema,
  })
  .strict()
  .superRefine((body, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (body.mediaUrl && body.mediaUrls) issue('Send mediaUrl or mediaUrls, not both', 'mediaUrls');
    const hasMedia = Boolean(body.mediaUrl || body.mediaUrls?.length);
    if (!hasMedia && !body.content) issue(POST_EMPTY, 'content');
    if (body.type === 'text' && hasMedia) issue('A text post has no media', 'type');
    if (body.type !== 'text' && !hasMedia) issue(POST_EMPTY, 'content');
    if (body.type === 'gallery' && (body.mediaUrls?.length ?? 0) < 2) {
      issue('A gallery needs 2 to 10 images', 'mediaUrls');
    }
    if (body.mediaUrls && body.type !== 'gallery' && body.mediaUrls.length > 1) {
      issue('More than one file makes a gallery of images', 'type');
    }
  });
export type CreatePostBody = z.input<typeof createPostBody>;

/**
 * `cursor` is the last post's `createdAt` (full precision), optionally followed by `,{id}` to break ties
 * between posts sharing a timestamp (DECISIONS §6). The client always sends both.
 */
export const feedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FEED.maxPageSize).default(FEED.pageSize),
  cursor: z.string().max(100).optional(),
  type: z.enum(FEED_FILTERS).default('all'),
});
export type FeedQuery = z.input<typeof feedQuery>;

export const searchQuery = z.object({
  q: z
    .string()
    .max(FEED.searchMaxChars, `Search must be at most ${FEED.searchMaxChars} characters`)
    .default(''),
});

export const createCommentBody = z
  .object({
    postId: uuid,
    content: text(TEXT_LIMITS.comment, 'Comment', { multiline: true, required: 'Please enter a comment' }),
    mentions: mentionIdsSchema,
  })
  .strict();
export type CreateCommentBody = z.input<typeof createCommentBody>;

/** GET /api/posts/{postId}/comments: oldest first; `cursor` is the last comment's `createdAt,id`. */
export const commentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FEED.maxCommentsPage).default(FEED.commentsPage),
  cursor: z.string().max(100).optional(),
});

export const reactionBody = z
  .object({
    postId: uuid,
    emoji: z.string().refine(isSingleEmoji, 'Choose one emoji'),
  })
  .strict();
export type ReactionBody = z.input<typeof reactionBody>;

/**
 * PATCH /api/posts/{id}: the new text (a text post needs some; media stay as they are) and whom it mentions
 * (left out: those it mentioned before, where the text still holds them).
 */
export const editPostBody = z
  .object({ content: text(TEXT_LIMITS.post, 'Content', { multiline: true }), mentions: mentionIdsSchema })
  .strict();
export type EditPostBody = z.input<typeof editPostBody>;

/** PATCH /api/comments/{id}; `mentions` as for a post's edit. */
export const editCommentBody = z
  .object({
    content: text(TEXT_LIMITS.comment, 'Comment', { multiline: true, required: 'Please enter a comment' }),
    mentions: mentionIdsSchema,
  })
  .strict();
export type EditCommentBody = z.input<typeof editCommentBody>;

// ---- answers ----

/** A post's or comment's author. E-mail only reaches the threadline's owner (DECISIONS §5). */
export const authorSchema = memberUser.omit({ bio: true });
export type Author = z.infer<typeof authorSchema>;

export const commentSchema = z.object({
  id: uuid,
  postId: uuid,
  content: z.string(),
  /** Full precision (microseconds): the comments cursor is built from it. */
  createdAt: iso,
  /** When the author last changed the text; null when never edited. */
  editedAt: iso.nullable(),
  /**
   * Set on a tombstone (its author deleted their account, issue 26): `content` is '' and the author is
   * "Deleted user"; the comment keeps its place in the thread.
   */
  deletedAt: iso.nullable().optional(),
  author: authorSchema,
  /** Who it mentions and can read it now, under their current name (empty on a tombstone). */
  mentions: z.array(mentionSchema),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentList = z.array(commentSchema);

/**
 * A post as the feed shows it (spec 001 §3). A deleted post is a tombstone: author, type, dates and
 * `deletedAt`, with content, media, reactions and comments emptied.
 */
export const postSchema = z.object({
  id: uuid,
  timelineId: uuid,
  type: z.enum(POST_TYPES),
  content: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaUrls: z.array(z.string()).nullable(),
  fileName: z.string().nullable(),
  fileNames: z.array(z.string()).nullable(),
  fileSize: z.number().int().nullable(),
  fileSizes: z.array(z.number().int()).nullable(),
  /** Dimensions, type and thumbnail of each attachment, in the order of mediaUrl / mediaUrls. */
  media: z.array(mediaInfo).nullable(),
  /** Full precision (microseconds): the feed cursor is built from it. */
  createdAt: iso,
  deletedAt: iso.nullable(),
  /** When the author last changed the text; null when never edited (and on tombstones). */
  editedAt: iso.nullable(),
  author: authorSchema,
  reactionCounts: z.record(z.string(), z.number().int()),
  myReactions: z.array(z.string()),
  commentCount: z.number().int(),
  /** The newest comment, for the collapsed view. */
  latestComment: commentSchema.nullable(),
  /** The threadline's pinned post: the first page of the feed puts it first, once. */
  isPinned: z.boolean(),
  /**
   * Who it mentions and can read it now, with their current name and the "@Name" the text holds (`as`):
   * the client shows "@" + name in its place. Someone who left is not listed (their "@Name" stays plain).
   */
  mentions: z.array(mentionSchema),
});
export type Post = z.infer<typeof postSchema>;
export const postList = z.array(postSchema);

/**
 * GET /api/posts/{id}: the post as the feed presents it, and where the unfiltered feed shows it, so a deep
 * link (/timeline/{id}?post=) knows how far to page: `position` posts come before it (the pinned post, which
 * leads the first page, included), counted up to `FEED_POSITION_CAP`.
 */
export const postDetail = z.object({
  post: postSchema,
  position: z.number().int(),
});
export type PostDetail = z.infer<typeof postDetail>;
export const FEED_POSITION_CAP = 10_000;

export const reactionResponse = z.object({
  postId: uuid,
  emoji: z.string(),
  /** True when the call added the reaction, false when it took it back. */
  reacted: z.boolean(),
  reactionCounts: z.record(z.string(), z.number().int()),
  myReactions: z.array(z.string()),
});
export type ReactionResponse = z.infer<typeof reactionResponse>;

/**
 * GET /api/posts/{id}/versions, newest first: the current text leads, at its `editedAt` (the post's creation
 * when never edited); each earlier one at the time it was written, with who wrote it.
 */
export const postVersionSchema = z.object({
  content: z.string().nullable(),
  editedAt: iso,
  editor: z.object({ id: uuid, name: z.string() }),
});
export type PostVersion = z.infer<typeof postVersionSchema>;
export const postVersionList = z.array(postVersionSchema);

export const pinResponse = z.object({ timelineId: uuid, pinnedPostId: uuid.nullable() });
export type PinResponse = z.infer<typeof pinResponse>;

export const deletePostResponse = z.object({ id: uuid, deletedAt: iso });
export type DeletePostResponse = z.infer<typeof deletePostResponse>;
