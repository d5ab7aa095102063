// Advanced search (DECISIONS §9): one statement lists the threadlines the caller can read now, the next finds
// a page of matching posts and comments in them, newest first or by ts_rank_cd, keyset-paged, with
// ts_headline excerpts; the page's posts are then decorated as the feed decorates them. Access is SQL: a
// threadline the caller is not a member of (left, removed, blocked), a deleted one, or an archived one they
// do not own contributes nothing, whatever `timelineIds` names.
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { advancedSearchQuery } from '../../common/schemas/search.ts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { type AuthorRow, authorJson, type CommentRow, isoMicros, type PostRow, postsByIds } from './feed.ts';

export type SearchParams = z.output<typeof advancedSearchQuery>;

/**
 * ts_headline's default parser drops anything shaped like a tag, so the text goes in with `<`, `>` and `&`
 * (and the marks' characters) turned into control characters, which no post or comment can contain; the
 * matches come back between START and STOP. excerptHtml escapes the rest and turns them back.
 */
const START = '\u0001';
const STOP = '\u0002';
const [LT, GT, AMP] = ['\u0003', '\u0004', '\u0005'];
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
const SHIELD_FROM = `<>&${START}${STOP}${LT}${GT}${AMP}`;
const SHIELD_TO = `${LT}${GT}${AMP}`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  [LT]: '&lt;',
  [GT]: '&gt;',
  [AMP]: '&amp;',
  [START]: '<mark>',
  [STOP]: '</mark>',
};

/** ts_headline's text as HTML: everything escaped, and only the match marks become `<mark>`. */
export function excerptHtml(headline: string): string {
  return Array.from(headline, (c) => HTML_ESCAPES[c] ?? c).join('');
}

interface Cursor {
  rank: number | null;
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodeCursor = (c: Cursor) =>
  Buffer.from(`${c.rank ?? ''}|${c.at}|${c.id}`, 'utf8').toString('base64url');

function decodeCursor(raw: string | undefined, relevance: boolean): Cursor | null {
  if (!raw) return null;
  const [rank, at, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const rankOk = relevance ? rank !== '' && Number.isFinite(Number(rank)) : rank === '';
  if (extra !== undefined || !rankOk || !CURSOR_AT.test(at ?? '') || !UUID.test(id ?? ''))
    throw badRequest('Invalid cursor');
  if (Number.isNaN(Date.parse(at!))) throw badRequest('Invalid cursor');
  return { rank: relevance ? Number(rank) : null, at: at!, id: id! };
}

/** `from`/`to` as bounds on created_at: a bare day covers the whole day (UTC). */
function dateBounds(x: string, from?: string, to?: string): SQL[] {
  const bounds: SQL[] = [];
  const at = sql.raw(`${x}.created_at`);
  const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (from) bounds.push(sql`${at} >= ${day(from) ? `${from}T00:00:00Z` : from}::timestamptz`);
  if (to)
    bounds.push(
      day(to)
        ? sql`${at} < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`
        : sql`${at} <= ${to}::timestamptz`,
    );
  return bounds;
}

interface HitRow {
  kind: 'post' | 'comment';
  id: string;
  postId: string;
  timelineId: string;
  timelineName: string;
  isOwner: boolean;
  pinnedPostId: string | null;
  createdAt: string;
  rank: number;
  headline: string;
}

export interface SearchHit {
  kind: 'post' | 'comment';
  timeline: { id: string; name: string };
  isOwner: boolean;
  pinnedPostId: string | null;
  post: PostRow;
  comment?: CommentRow;
  excerpt: string;
}

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
/** A uuid[] as text (`{a,b}`), should a driver hand it over unparsed. */
const parseUuidArray = (text: string) =>
  text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);

/** How many of the newest matches of each kind relevance order ranks. */
export const RELEVANCE_WINDOW = 150;

/** At most this many terms of a query are searched: more narrow nothing down but cost GIN merges. */
export const MAX_SEARCH_TERMS = 16;

/** The query's first MAX_SEARCH_TERMS whitespace-separated terms (websearch_to_tsquery takes any text). */
export const capTerms = (q: string) => q.trim().split(/\s+/).slice(0, MAX_SEARCH_TERMS).join(' ');

/** GET /api/search: a page of hits and the cursor of the next page (null on the last). */
export async function advancedSearch(db: Db, me: string, params: SearchParams) {
  const relevance = params.order === 'relevance';
  const cursor = decodeCursor(params.cursor, relevance);
  const q = capTerms(params.q);
  // First the query's shape and the threadlines the caller reads now: a member, not blocked, not deleted,
  // archived only for its owner (narrowed to `timelineIds`). The list goes into the search as a constant, so
  // the planner sees how many posts it covers: a walk of the newest posts suits 300 threadlines holding half
  // of all posts, not a newcomer's one quiet threadline (bench/README.md).
  const [check] = (
    (await db.execute(
      sql`select querytree(websearch_to_tsquery('simple', ${q})) as tree,
        (select coalesce(array_agg(m.timeline_id), '{}') from timeline_members m join timelines t on t.id = m.timeline_id
          where m.user_id = ${me} and t.deleted_at is null and (t.archived_at is null or m.role = 'owner')
            and not exists (select 1 from timeline_blocked_users b where b.timeline_id = m.timeline_id and b.user_id = ${me})
            ${params.timelineIds.length ? sql`and m.timeline_id = any(${uuidArray(params.timelineIds)}::uuid[])` : sql``}
        ) as ids`,
    )) as unknown as { rows: Array<{ tree: string; ids: string[] | string }> }
  ).rows;
  // Nothing to look up (only punctuation), or only exclusions: no index can answer it.
  if (!check || check.tree === '') return { hits: [] as SearchHit[], nextCursor: null };
  if (check.tree === 'T') throw badRequest('Search for at least one word, not only -exclusions');
  const ids = typeof check.ids === 'string' ? parseUuidArray(check.ids) : check.ids;
  if (ids.length === 0) return { hits: [] as SearchHit[], nextCursor: null };

  const tsq = () => sql`websearch_to_tsquery('simple', ${q})`;
  const readable = (x: string) => sql`${sql.raw(x)}.timeline_id = any(${uuidArray(ids)}::uuid[])`;
  // Filters on the hit itself (x) and on its post (p: a comment matches through its post).
  const filters = (x: string, p: string) => {
    const conditions = dateBounds(x, params.from, params.to);
    if (params.authorId) conditions.push(sql`${sql.raw(x)}.author_id = ${params.authorId}`);
    if (params.type) conditions.push(sql`${sql.raw(p)}.type = ${params.type}`);
    const media = sql.raw(`(${p}.media_url is not null or ${p}.media_urls is not null)`);
    if (params.hasMedia === 'true') conditions.push(media);
    if (params.hasMedia === 'false') conditions.push(sql`not ${media}`);
    return sql.join(
      conditions.map((c) => sql`and ${c}`),
      sql` `,
    );
  };
  const keyset = (x: string) =>
    cursor
      ? sql`and (${sql.raw(x)}.created_at, ${sql.raw(x)}.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
  // A phrase ("to land") is checked on the rows the GIN index finds for its words: rows the planner counts as
  // matches when it costs a walk of the newest posts, so the walk could read them all (307 ms at a million
  // posts). Ordering on an expression no index has keeps phrases on the GIN index (13 ms).
  const phrase = /<\d*->|<\d+>/.test(check.tree);
  const newest = (x: string) =>
    sql.raw(
      phrase
        ? `${x}.created_at + interval '0 seconds' desc, ${x}.id desc`
        : `${x}.created_at desc, ${x}.id desc`,
    );
  /**
   * One table's matches newest first. The planner chooses: for a frequent word it walks the newest rows
   * (posts_created_idx) and stops at `limit`; for a rare one it reads the GIN index of the caller's threadlines.
   */
  const matches = (kind: 'post' | 'comment', limit: number, after: SQL) =>
    kind === 'post'
      ? sql`select p.id, p.id as post_id, p.timeline_id, p.created_at, p.search_vector from posts p
          where p.search_vector @@ ${tsq()} and p.deleted_at is null and ${readable('p')}
            ${filters('p', 'p')} ${after}
          order by ${newest('p')} limit ${limit}`
      : sql`select c.id, c.post_id, c.timeline_id, c.created_at, c.search_vector
          from comments c join posts p on p.id = c.post_id
          where c.search_vector @@ ${tsq()} and p.deleted_at is null and ${readable('c')}
            ${filters('c', 'p')} ${after}
          order by ${newest('c')} limit ${limit}`;
  const limit = params.limit + 1;
  // Relevance ranks the newest RELEVANCE_WINDOW matches of each kind: ranking every match of a word in
  // hundreds of thousands of posts would read them all (bench/README.md).
  const hitsOf = (kind: 'post' | 'comment') =>
    relevance
      ? sql`(select ${kind} as kind, w.id, w.post_id, w.timeline_id, w.created_at,
            ts_rank_cd(w.search_vector, ${tsq()}) as rank
          from (${matches(kind, RELEVANCE_WINDOW, sql``)}) w
          where ${cursor ? sql`(ts_rank_cd(w.search_vector, ${tsq()}), w.created_at, w.id) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
          order by rank desc, w.created_at desc, w.id desc limit ${limit})`
      : sql`(select ${kind} as kind, w.id, w.post_id, w.timeline_id, w.created_at, 0::real as rank
          from (${matches(kind, limit, keyset(kind === 'post' ? 'p' : 'c'))}) w)`;
  const orderOf = (h: string) =>
    sql.raw(
      relevance ? `${h}rank desc, ${h}created_at desc, ${h}id desc` : `${h}created_at desc, ${h}id desc`,
    );
  const order = orderOf('');
  const parts = [
    ...(params.scope !== 'comments' ? [hitsOf('post')] : []),
    ...(params.scope !== 'posts' ? [hitsOf('comment')] : []),
  ];
  const statement = sql`
    with page as materialized (
      select * from (${sql.join(parts, sql` union all `)}) h order by ${order} limit ${limit})
    select h.kind, h.id, h.post_id as "postId", h.timeline_id as "timelineId", t.name as "timelineName",
      (t.owner_id = ${me}) as "isOwner", t.pinned_post_id as "pinnedPostId",
      ${isoMicros(sql.raw('h.created_at'))} as "createdAt", h.rank,
      ts_headline('simple', translate(case when h.kind = 'post'
          then concat_ws(' ', p.content, p.file_name, file_names_text(p.file_names)) else c.content end,
          ${SHIELD_FROM}, ${SHIELD_TO}), ${tsq()}, ${HEADLINE_OPTIONS}) as headline
    from page h join timelines t on t.id = h.timeline_id join posts p on p.id = h.post_id
      left join comments c on h.kind = 'comment' and c.id = h.id
    order by ${orderOf('h.')}`;
  const rows = ((await db.execute(statement)) as unknown as { rows: HitRow[] }).rows;
  const more = rows.length > params.limit;
  const pageRows = rows.slice(0, params.limit);
  const [posts, comments] = await Promise.all([
    postsByIds(db, [...new Set(pageRows.map((r) => r.postId))], me),
    commentsByIds(
      db,
      pageRows.filter((r) => r.kind === 'comment').map((r) => r.id),
    ),
  ]);
  const postOf = new Map(posts.map((p) => [p.id, p]));
  const commentOf = new Map(comments.map((c) => [c.id, c]));
  const hits: SearchHit[] = [];
  for (const r of pageRows) {
    const post = postOf.get(r.postId);
    const comment = r.kind === 'comment' ? commentOf.get(r.id) : undefined;
    // Deleted between the two statements: left out rather than shown half.
    if (!post || (r.kind === 'comment' && !comment)) continue;
    hits.push({
      kind: r.kind,
      timeline: { id: r.timelineId, name: r.timelineName },
      isOwner: r.isOwner,
      pinnedPostId: r.pinnedPostId,
      post,
      ...(comment && { comment }),
      excerpt: excerptHtml(r.headline ?? ''),
    });
  }
  const last = pageRows.at(-1);
  const nextCursor =
    more && last
      ? encodeCursor({ rank: relevance ? Number(last.rank) : null, at: last.createdAt, id: last.id })
      : null;
  return { hits, nextCursor };
}

async function commentsByIds(db: Db, ids: string[]): Promise<CommentRow[]> {
  if (!ids.length) return [];
  const statement = sql`select c.id, c.post_id as "postId", c.content,
      ${isoMicros(sql.raw('c.created_at'))} as "createdAt", ${isoMicros(sql.raw('c.edited_at'))} as "editedAt",
      c.mentions, ${authorJson('u')} as author
    from comments c join users u on u.id = c.author_id where c.id = any(${uuidArray(ids)}::uuid[])`;
  return ((await db.execute(statement)) as unknown as { rows: Array<CommentRow & { author: AuthorRow }> })
    .rows;
}
