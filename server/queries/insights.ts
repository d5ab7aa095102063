// GET /api/timelines/{id}/insights (DECISIONS §9): a threadline's activity per UTC day from timeline_analytics.
// One statement, one range scan of (timeline_id, created_at), which INCLUDEs action, user_id and metadata
// (migration 0012), so PostgreSQL reads the index alone. The rows are grouped once by (day, member, action,
// type) as they come off the index, and the three answers are read from those few groups (bench/README).
import { sql } from 'drizzle-orm';
import { ANALYTICS_ACTIONS as A, type InsightsRange } from '../../common/analytics.ts';
import type { Db } from '../db/client.ts';

export interface InsightsDayRow {
  date: string;
  posts: number;
  comments: number;
  reactions: number;
  activeMembers: number;
  newMembers: number;
}
export interface TopMemberRow {
  id: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  posts: number;
  comments: number;
}
export interface InsightsRows {
  start: Date;
  series: InsightsDayRow[];
  postTypes: Record<string, number>;
  topMembers: TopMemberRow[];
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the first day of the range: the last `days` UTC days, today included. */
export function rangeStart(days: InsightsRange, now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

export async function insightsRows(
  db: Db,
  timelineId: string,
  days: InsightsRange,
  top: number,
): Promise<InsightsRows> {
  const start = rangeStart(days);
  const active = sql.raw(
    `'${A.postCreated}', '${A.commentCreated}', '${A.reactionAdded}', '${A.timelineViewed}'`,
  );
  const result = await db.execute(sql`
    with g as materialized (
      -- Grouped once, straight off the index: at most a row per (day, member, action, post type).
      select (a.created_at at time zone 'UTC')::date as day, a.user_id, a.action,
        case when a.action = ${A.postCreated} then a.metadata->>'type' end as type, count(*)::int as n
      from timeline_analytics a
      where a.timeline_id = ${timelineId} and a.created_at >= ${start.toISOString()}::timestamptz
      group by 1, 2, 3, 4
    )
    select
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
        select to_char(day, 'YYYY-MM-DD') as date,
          coalesce(sum(n) filter (where action = ${A.postCreated}), 0)::int as posts,
          coalesce(sum(n) filter (where action = ${A.commentCreated}), 0)::int as comments,
          coalesce(sum(n) filter (where action = ${A.reactionAdded}), 0)::int as reactions,
          count(distinct user_id) filter (where action in (${active}))::int as "activeMembers",
          coalesce(sum(n) filter (where action = ${A.memberJoined}), 0)::int as "newMembers"
        from g group by day) d) as series,
      (select coalesce(json_object_agg(t.type, t.n), '{}'::json) from (
        select coalesce(type, 'text') as type, sum(n)::int as n
        from g where action = ${A.postCreated} group by 1) t) as "postTypes",
      -- Only current members are named; a leaver's rows stay in the counts above.
      (select coalesce(json_agg(m order by m.posts + m.comments desc, m.id), '[]'::json) from (
        select u.id, u.display_name as "displayName", u.first_name as "firstName", u.last_name as "lastName",
          a.posts, a.comments
        from (select user_id,
                coalesce(sum(n) filter (where action = ${A.postCreated}), 0)::int as posts,
                coalesce(sum(n) filter (where action = ${A.commentCreated}), 0)::int as comments
              from g where action in (${A.postCreated}, ${A.commentCreated}) group by user_id) a
        join timeline_members tm on tm.timeline_id = ${timelineId} and tm.user_id = a.user_id
        join users u on u.id = a.user_id
        order by a.posts + a.comments desc, u.id
        limit ${top}) m) as "topMembers"`);
  const [row] = (result as unknown as { rows: Omit<InsightsRows, 'start'>[] }).rows;
  return { start, ...row! };
}
