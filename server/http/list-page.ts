// Lists answered page by page (issue 23: join requests, blocked users, conversations). Each is ordered by a
// timestamp, newest first, ties broken by id, and the cursor is the last item's `timestamp,id` at full
// precision (the feed's format, DECISIONS §6), so equal timestamps are neither skipped nor repeated.
// Clients treat it as opaque: they only send back what X-Next-Cursor said.
import type { FastifyReply } from 'fastify';
import { LIST_PAGE_SIZE, NEXT_CURSOR_HEADER } from '../../common/limits.ts';
import { parseCursor } from '../queries/feed.ts';
import { badRequest } from './errors.ts';

export interface ListKey {
  /** ISO 8601 with microseconds (isoMicros), never a JS Date: a millisecond cut would skip or repeat rows. */
  at: string;
  id: string;
}

/** The position after which the next page starts, or null for the first page; 400 "Invalid cursor". */
export function parseListCursor(cursor: string | undefined): ListKey | null {
  const parsed = parseCursor(cursor);
  if (!parsed) return null;
  // These lists always make `timestamp,id`; a bare timestamp would tie-break nothing.
  if (!parsed.id) throw badRequest('Invalid cursor');
  return { at: parsed.at, id: parsed.id.toLowerCase() };
}

/** Queries read one row more than a page: its presence says another page follows. */
export const LIST_FETCH = LIST_PAGE_SIZE + 1;

/** The page's rows, and the cursor of the next page when the query found more than a page. */
export function takePage<T>(
  rows: T[],
  keyOf: (row: T) => ListKey,
): { items: T[]; nextCursor: string | null } {
  if (rows.length <= LIST_PAGE_SIZE) return { items: rows, nextCursor: null };
  const items = rows.slice(0, LIST_PAGE_SIZE);
  const last = keyOf(items[items.length - 1]!);
  return { items, nextCursor: `${last.at},${last.id}` };
}

/** X-Next-Cursor on every page but the last. */
export function sendNextCursor(reply: FastifyReply, nextCursor: string | null) {
  if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
}
