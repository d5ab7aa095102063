// The feed, search and single posts in the full post shape (spec 001 §3), each from ONE statement: a page of
// post rows first (keyset on createdAt and id, read from posts_timeline_created_idx backwards), then per row
// of that page its author, comment count, newest comment, reaction counts and the caller's own reactions.
// Decorating only the page's rows keeps the cost per page constant however long the threadline is.
import { type SQL, sql } from 'drizzle-orm';
import type { StoredMention } from '../../common/notifications.ts';
import { FILTER_TYPES } from '../../common/posts.ts';
import type { MediaInfo } from '../../common/schemas/media.ts';
import type { FeedFilter } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { preparedRows } from '../db/named.ts';
import { badRequest } from '../http/errors.ts';

/** A post row as the decorating statement returns it, before the presenter blanks what a viewer may not see. */
export interface PostRow {
  id: string;
  timelineId: string;
  type: string;
  content: string | null;
  mediaUrl: string | null;
  mediaUrls: string[] | null;
  fileName: string | null;
  fileNames: string[] | null;
  fileSize: number | null;
  fileSizes: number[] | null;
  media: MediaInfo[] | null;
  createdAt: string;
  deletedAt: string | null;
  editedAt: string | null;
  /** As stored: whom the text mentioned when written (the presenter keeps those who can read it now). */
  mentions: StoredMention[] | null;
  author: AuthorRow;
  commentCount: number;
  reactionCounts: Record<string, number> | null;
  myReactions: string[] | null;
  latestComment: CommentRow | null;
}

export interface AuthorRow {
  id: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
}

export interface CommentRow {
  id: string;
  postId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
  /** A tombstone's (its author deleted their account): content is ''. Left out where none can show. */
  deletedAt?: string | null;
  mentions: StoredMention[] | null;
  author: AuthorRow;
}

/** ISO 8601 with microseconds: the keyset needs PostgreSQL's full precision, which a JS Date would cut. */
export const isoMicros = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const authorJson = (u: string) =>
  sql.raw(`json_build_object('id', ${u}.id, 'displayName', ${u}.display_name, 'firstName', ${u}.first_name,
    'lastName', ${u}.last_name, 'email', ${u}.email, 'profileImageUrl', ${u}.profile_image_url)`);

/** The columns a page of posts carries into the decorating statement. */
const PAGE_COLUMNS = sql.raw(`p.id, p.timeline_id, p.author_id, p.type, p.content, p.media_url, p.media_urls,
  p.file_name, p.file_names, p.file_size, p.file_sizes, p.media, p.created_at, p.deleted_at, p.edited_at,
  p.mentions`);

/**
 * Decorates the rows `page` selects (it must select PAGE_COLUMNS from `posts p`). `materialized` keeps the
 * page's LIMIT below the per-row subqueries, so they run once per post of the page, not per candidate row.
 */
async function decorate(db: Db, viewerId: string, page: SQL, prepareAs?: string): Promise<PostRow[]> {
  const live = sql.raw('p.deleted_at is null');
  const statement = sql`
    with page as materialized (${page})
    select p.id, p.timeline_id as "timelineId", p.type, p.content, p.media_url as "mediaUrl",
      p.media_urls as "mediaUrls", p.file_name as "fileName", p.file_names as "fileNames",
      p.file_size as "fileSize", p.file_sizes as "fileSizes", p.media,
      ${isoMicros(sql.raw('p.created_at'))} as "createdAt", ${isoMicros(sql.raw('p.deleted_at'))} as "deletedAt",
      ${isoMicros(sql.raw('p.edited_at'))} as "editedAt", p.mentions,
      ${authorJson('u')} as author,
      case when ${live} then
        (select count(*)::int from comments c where c.post_id = p.id) else 0 end as "commentCount",
      case when ${live} then
        (select jsonb_object_agg(r.emoji, r.n) from (
          select emoji, count(*)::int as n from reactions where post_id = p.id group by emoji) r)
        end as "reactionCounts",
      case when ${live} then
        (select array_agg(emoji order by created_at) from reactions
          where post_id = p.id and user_id = ${viewerId}) end as "myReactions",
      case when ${live} then
        (select json_build_object('id', c.id, 'postId', c.post_id, 'content', c.content,
            'createdAt', ${isoMicros(sql.raw('c.created_at'))},
            'editedAt', ${isoMicros(sql.raw('c.edited_at'))},
            'deletedAt', ${isoMicros(sql.raw('c.deleted_at'))}, 'mentions', c.mentions,
            'author', ${authorJson('cu')})
          from comments c join users cu on cu.id = c.author_id
          where c.post_id = p.id order by c.created_at desc, c.id desc limit 1) end as "latestComment"
    from page p join users u on u.id = p.author_id
    order by p.created_at desc, p.id desc`;
  if (prepareAs) return preparedRows<PostRow>(db, prepareAs, statement);
  return ((await db.execute(statement)) as unknown as { rows: PostRow[] }).rows;
}

const CURSOR =
  /^((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2})))(?:,([0-9a-f-]{36}))?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A date and time PostgreSQL accepts: a cursor it would refuse must be a 400, not a 500. */
function validTimestamp(parts: (string | undefined)[]): boolean {
  const [y, mo, d, h, mi, se, oh, om] = parts.map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const day = new Date(Date.UTC(y, mo - 1, d));
  day.setUTCFullYear(y);
  const dateOk = y >= 1 && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
  return dateOk && h < 24 && mi < 60 && se < 60 && oh < 16 && om < 60;
}

/** `createdAt[,id]` of the last post or comment seen, or 400 "Invalid cursor". */
export function parseCursor(cursor: string | undefined): { at: string; id: string | null } | null {
  if (!cursor) return null;
  const m = CURSOR.exec(cursor);
  const id = m?.[10];
  if (!m || !validTimestamp(m.slice(2, 10)) || (id && !UUID.test(id))) throw badRequest('Invalid cursor');
  return { at: m[1]!, id: id ?? null };
}

export interface FeedOptions {
  limit: number;
  cursor?: string;
  type: FeedFilter;
  pinnedPostId: string | null;
}

/** One post type of a filter, live posts only: tombstones show under "all" alone. */
const liveOfType = (type: string) => sql`p.type = ${type} and p.deleted_at is null`;

/**
 * GET /api/timelines/{id}/posts: one page, newest first, the pinned post first on the first page. `db` is
 * the root handle (the page is a prepared statement on PostgreSQL).
 */
export async function feedPage(db: Db, timelineId: string, viewerId: string, options: FeedOptions) {
  const cursor = parseCursor(options.cursor);
  const conditions = [sql`p.timeline_id = ${timelineId}`];
  if (cursor?.id)
    conditions.push(sql`(p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  else if (cursor) conditions.push(sql`p.created_at < ${cursor.at}::timestamptz`);
  const pinned = options.pinnedPostId;
  if (pinned) conditions.push(sql`p.id <> ${pinned}`);
  const newest = sql`order by p.created_at desc, p.id desc limit ${options.limit}`;
  const scan = (...extra: SQL[]) =>
    sql`select ${PAGE_COLUMNS} from posts p where ${sql.join([...conditions, ...extra], sql` and `)} ${newest}`;
  const types = FILTER_TYPES[options.type];
  // A filter of several types (images: image and gallery) reads each type's newest from
  // posts_timeline_type_created_idx and merges them: an IN list would read and sort all of them.
  const pageOf = !types
    ? scan()
    : types.length === 1
      ? scan(liveOfType(types[0]!))
      : sql`select * from (${sql.join(
          types.map((type) => sql`(${scan(liveOfType(type))})`),
          sql` union all `,
        )}) p ${newest}`;
  // The first page leads with the pinned post (when it passes the filter); the union keeps one statement.
  const inFilter = types
    ? sql`and p.type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )})`
    : sql``;
  const page =
    pinned && !cursor
      ? sql`(select ${PAGE_COLUMNS} from posts p where p.id = ${pinned} and p.timeline_id = ${timelineId}
          and p.deleted_at is null ${inFilter})
          union all (${pageOf})`
      : pageOf;
  // Prepared: every feed page has the same good plan (a backward range scan of one threadline's index).
  const rows = await decorate(db, viewerId, page, 'feed_page');
  if (!pinned || cursor) return rows;
  // The pinned post goes first whatever its date.
  const first = rows.filter((r) => r.id === pinned);
  return [...first, ...rows.filter((r) => r.id !== pinned)];
}

/** One post in the full shape (after creating it), or undefined. */
export async function postById(db: Db, postId: string, viewerId: string): Promise<PostRow | undefined> {
  const [row] = await decorate(db, viewerId, sql`select ${PAGE_COLUMNS} from posts p where p.id = ${postId}`);
  return row;
}

/**
 * How many posts the unfiltered feed shows before this one (GET /api/posts/{id}): the live pinned post,
 * which leads the first page, then every newer post and tombstone, counted up to `cap`. Compared in SQL:
 * a JS Date would cut the keyset's microseconds.
 */
export async function feedPosition(
  db: Db,
  post: { id: string; timelineId: string },
  pinnedPostId: string | null,
  cap: number,
): Promise<number> {
  if (post.id === pinnedPostId) return 0;
  const pinned = pinnedPostId
    ? sql`(select count(*)::int from posts where id = ${pinnedPostId} and timeline_id = ${post.timelineId}
        and deleted_at is null)`
    : sql`0`;
  const statement = sql`select ${pinned} + (select count(*)::int from (
      select 1 from posts p where p.timeline_id = ${post.timelineId}
        and (p.created_at, p.id) > (select created_at, id from posts where id = ${post.id})
        ${pinnedPostId ? sql`and p.id <> ${pinnedPostId}` : sql``}
      limit ${cap}) newer) as n`;
  const { rows } = (await db.execute(statement)) as unknown as { rows: { n: number }[] };
  return Math.min(rows[0]?.n ?? 0, cap);
}

/** Several posts in the full shape, in no particular order (advanced search's page). */
export async function postsByIds(db: Db, ids: string[], viewerId: string): Promise<PostRow[]> {
  if (!ids.length) return [];
  return decorate(
    db,
    viewerId,
    sql`select ${PAGE_COLUMNS} from posts p where p.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
}

/** At most this many words of a query are searched: more narrow nothing down but cost GIN merges. */
const MAX_SEARCH_WORDS = 8;

/**
 * A tsquery from anything a user types: its words (letters, marks and digits), all required, the last one
 * prefix-matched since it is the one still being typed (a prefix on every word made GIN merge the posting
 * lists of all words sharing each prefix: 300 ms for a long query at a million posts). Operators, quotes and
 * emoji never reach to_tsquery's parser, so no input can make it fail.
 */
export function searchTsquery(q: string): string | null {
  const words =
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, 100)))].slice(0, MAX_SEARCH_WORDS);
  if (!unique.length) return null;
  return unique.map((w, i) => (i === unique.length - 1 ? `'${w}':*` : `'${w}'`)).join(' & ');
}

/** GET /api/timelines/{id}/search: full-text over content and file names, newest first (DECISIONS §6). */
export async function searchPosts(db: Db, timelineId: string, viewerId: string, q: string, limit: number) {
  const tsquery = searchTsquery(q);
  if (!tsquery) return [];
  return decorate(
    db,
    viewerId,
    sql`select ${PAGE_COLUMNS} from posts p
      where p.timeline_id = ${timelineId} and p.deleted_at is null
        and p.search_vector @@ to_tsquery('simple', ${tsquery})
      order by p.created_at desc, p.id desc limit ${limit}`,
  );
}
