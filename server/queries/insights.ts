// GET /api/timelines/{id}/insights (DECISIONS §9): a threadline's activity per UTC day from timeline_analytics.
// One statement, one range scan of (timeline_id, created_at), which INCLUDEs action, user_id and metadata
// (migration 0012), so PostgreSQL reads the index alone; the three aggregates share that scan (bench/README).
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
    with r as materialized (
      select (a.created_at at time zone 'UTC')::date as day, a.action, a.user_id, a.metadata->>'type' as type
      from timeline_analytics a
      where a.timeline_id = ${timelineId} and a.created_at >= ${start.toISOString()}::timestamptz
    )
    select
      (select coalesce(json_agg(d order by d.date), '[]'::json) from (
        select to_char(day, 'YYYY-MM-DD') as date,
          count(*) filter (where action = ${A.postCreated})::int as posts,
          count(*) filter (where action = ${A.commentCreated})::int as comments,
          count(*) filter (where action = ${A.reactionAdded})::int as reactions,
          count(distinct user_id) filter (where action in (${active}))::int as "activeMembers",
          count(*) filter (where action = ${A.memberJoined})::int as "newMembers"
        from r group by day) d) as series,
      (select coalesce(json_object_agg(t.type, t.n), '{}'::json) from (
        select coalesce(type, 'text') as type, count(*)::int as n
        from r where action = ${A.postCreated} group by 1) t) as "postTypes",
      -- Only current members are named; a leaver's rows stay in the counts above.
      (select coalesce(json_agg(m order by m.posts + m.comments desc, m.id), '[]'::json) from (
        select u.id, u.display_name as "displayName", u.first_name as "firstName", u.last_name as "lastName",
          count(*) filter (where r.action = ${A.postCreated})::int as posts,
          count(*) filter (where r.action = ${A.commentCreated})::int as comments
        from r
        join timeline_members tm on tm.timeline_id = ${timelineId} and tm.user_id = r.user_id
        join users u on u.id = r.user_id
        where r.action in (${A.postCreated}, ${A.commentCreated})
        group by u.id
        order by count(*) desc, u.id
        limit ${top}) m) as "topMembers"`);
  const [row] = (result as unknown as { rows: Omit<InsightsRows, 'start'>[] }).rows;
  return { start, ...row! };
}
