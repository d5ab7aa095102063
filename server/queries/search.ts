// Advanced search (DECISIONS §9): one statement finds a page of matching posts and comments in the threadlines
// the caller can read now, newest first or by ts_rank_cd, keyset-paged, with ts_headline excerpts; the
// page's posts are then decorated as the feed decorates them. Access is part of the SQL: a threadline the
// caller is not a member of (left, removed, blocked), a deleted one, or an archived one they do not own
// contributes nothing, whatever `timelineIds` names.
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

/** GET /api/search: a page of hits and the cursor of the next page (null on the last). */
export async function advancedSearch(db: Db, me: string, params: SearchParams) {
  const relevance = params.order === 'relevance';
  const cursor = decodeCursor(params.cursor, relevance);
  const [check] = (
    (await db.execute(
      sql`select querytree(websearch_to_tsquery('simple', ${params.q})) as tree`,
    )) as unknown as { rows: Array<{ tree: string }> }
  ).rows;
  // Nothing to look up (only punctuation), or only exclusions: no index can answer it.
  if (!check || check.tree === '') return { hits: [] as SearchHit[], nextCursor: null };
  if (check.tree === 'T') throw badRequest('Search for at least one word, not only -exclusions');

  const readable = sql`select m.timeline_id from timeline_members m join timelines t on t.id = m.timeline_id
    where m.user_id = ${me} and t.deleted_at is null and (t.archived_at is null or m.role = 'owner')
      and not exists (select 1 from timeline_blocked_users b where b.timeline_id = m.timeline_id and b.user_id = ${me})
      ${params.timelineIds.length ? sql`and m.timeline_id = any(${uuidArray(params.timelineIds)}::uuid[])` : sql``}`;
  const rank = (x: string) =>
    relevance ? sql.raw(`ts_rank_cd(${x}.search_vector, q.query)`) : sql.raw('0::real');
  const orderOf = (h: string) =>
    sql.raw(
      relevance ? `${h}rank desc, ${h}created_at desc, ${h}id desc` : `${h}created_at desc, ${h}id desc`,
    );
  const order = orderOf('');
  const after = (x: string) => {
    if (!cursor) return sql``;
    return relevance
      ? sql`and (${rank(x)}, ${sql.raw(x)}.created_at, ${sql.raw(x)}.id) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql`and (${sql.raw(x)}.created_at, ${sql.raw(x)}.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  };
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
  const limit = params.limit + 1;
  const postHits = sql`(select 'post' as kind, p.id, p.id as post_id, p.timeline_id, p.created_at,
      ${rank('p')} as rank
    from posts p, q
    where p.timeline_id in (${readable}) and p.search_vector @@ q.query and p.deleted_at is null
      ${filters('p', 'p')} ${after('p')}
    order by ${order} limit ${limit})`;
  const commentHits = sql`(select 'comment' as kind, c.id, c.post_id, c.timeline_id, c.created_at,
      ${rank('c')} as rank
    from comments c join posts p on p.id = c.post_id, q
    where c.timeline_id in (${readable}) and c.search_vector @@ q.query and p.deleted_at is null
      ${filters('c', 'p')} ${after('c')}
    order by ${order} limit ${limit})`;
  const parts = [
    ...(params.scope !== 'comments' ? [postHits] : []),
    ...(params.scope !== 'posts' ? [commentHits] : []),
  ];
  const statement = sql`
    with q as (select websearch_to_tsquery('simple', ${params.q}) as query),
    page as materialized (
      select * from (${sql.join(parts, sql` union all `)}) h order by ${order} limit ${limit})
    select h.kind, h.id, h.post_id as "postId", h.timeline_id as "timelineId", t.name as "timelineName",
      (t.owner_id = ${me}) as "isOwner", t.pinned_post_id as "pinnedPostId",
      ${isoMicros(sql.raw('h.created_at'))} as "createdAt", h.rank,
      ts_headline('simple', translate(case when h.kind = 'post'
          then concat_ws(' ', p.content, p.file_name, file_names_text(p.file_names)) else c.content end,
          ${SHIELD_FROM}, ${SHIELD_TO}), q.query, ${HEADLINE_OPTIONS}) as headline
    from page h cross join q join timelines t on t.id = h.timeline_id join posts p on p.id = h.post_id
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
      ${authorJson('u')} as author
    from comments c join users u on u.id = c.author_id where c.id = any(${uuidArray(ids)}::uuid[])`;
  return ((await db.execute(statement)) as unknown as { rows: Array<CommentRow & { author: AuthorRow }> })
    .rows;
}
