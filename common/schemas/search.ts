// Advanced search (DECISIONS §9): GET /api/search across every threadline the caller can read, posts and
// comments, `websearch_to_tsquery` syntax, newest first or by relevance, keyset-paged.
import { z } from 'zod';
import { FEED } from '../limits.ts';
import { POST_TYPES } from '../posts.ts';
import { commentSchema, postSchema } from './post.ts';

export const SEARCH_SCOPES = ['posts', 'comments', 'all'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
export const SEARCH_ORDERS = ['recent', 'relevance'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
/** Threadlines one search may name. */
export const SEARCH_MAX_TIMELINES = 100;
export const SEARCH_PAGE_SIZE = 20;

const uuid = z.uuid().toLowerCase();
/** A day (`2026-01-31`, UTC) or an instant with its offset. */
const dateOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO date and time',
});

export const advancedSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Please enter something to search for')
    .max(FEED.searchMaxChars, `Search must be at most ${FEED.searchMaxChars} characters`),
  /** Comma-separated threadline ids; threadlines the caller cannot read simply match nothing. */
  timelineIds: z
    .string()
    .max(SEARCH_MAX_TIMELINES * 37)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').filter(Boolean))] : []))
    .pipe(z.array(uuid).max(SEARCH_MAX_TIMELINES, `At most ${SEARCH_MAX_TIMELINES} threadlines`)),
  authorId: uuid.optional(),
  /** The post's type; a comment matches through its post. */
  type: z.enum(POST_TYPES).optional(),
  /** Inclusive; a day means from its start (UTC). */
  from: dateOrInstant.optional(),
  /** Inclusive; a day means to its end (UTC). */
  to: dateOrInstant.optional(),
  /** Posts with attachments (a comment matches through its post). */
  hasMedia: z.enum(['true', 'false']).optional(),
  scope: z.enum(SEARCH_SCOPES).default('all'),
  order: z.enum(SEARCH_ORDERS).default('recent'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED.maxPageSize).default(SEARCH_PAGE_SIZE),
});
export type AdvancedSearchQuery = z.input<typeof advancedSearchQuery>;

export const searchResult = z.object({
  kind: z.enum(['post', 'comment']),
  timeline: z.object({ id: uuid, name: z.string() }),
  post: postSchema,
  comment: commentSchema.optional(),
  /** HTML whose only tags are `<mark>` and `</mark>`; everything else is escaped. */
  excerpt: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({
  results: z.array(searchResult),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
