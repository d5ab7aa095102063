// The insights answer (DECISIONS §9): every day of the range present (zeros included), every post type
// present, members named as everyone else sees them (personName).
import type { InsightsRange } from '../../common/analytics.ts';
import { personName } from '../../common/names.ts';
import { POST_TYPES } from '../../common/posts.ts';
import type { Insights } from '../../common/schemas/insights.ts';
import type { InsightsRows } from '../queries/insights.ts';

const DAY_MS = 86_400_000;

export function presentInsights(days: InsightsRange, rows: InsightsRows): Insights {
  const byDate = new Map(rows.series.map((d) => [d.date, d]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = new Date(rows.start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const {
      posts = 0,
      comments = 0,
      reactions = 0,
      activeMembers = 0,
      newMembers = 0,
    } = byDate.get(date) ?? {};
    return { date, posts, comments, reactions, activeMembers, newMembers };
  });
  const postTypes = Object.fromEntries(
    POST_TYPES.map((t) => [t, rows.postTypes[t] ?? 0]),
  ) as Insights['postTypes'];
  const topMembers = rows.topMembers.map((m) => ({
    user: { id: m.id, name: personName(m) },
    posts: m.posts,
    comments: m.comments,
  }));
  return { days, series, topMembers, postTypes };
}
