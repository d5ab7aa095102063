// What the Insights dialog says about the numbers: each chart's text summary and its table's rows. Pure, so
// the words are tested without drawing a chart.
import type { Insights, InsightsDay } from '../../../../common/schemas/insights.ts';
import { groupDigits } from '../../../lib/format.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${groupDigits(n)} ${n === 1 ? one : many}`;
const sum = (series: InsightsDay[], key: keyof Omit<InsightsDay, 'date'>) =>
  series.reduce((total, d) => total + d[key], 0);

/** "Nov 26": a UTC day as the axis and the tables show it. */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day with the most of `key`, the earliest of ties; none when every day is zero. */
function busiest(series: InsightsDay[], key: keyof Omit<InsightsDay, 'date'>): InsightsDay | null {
  let best: InsightsDay | null = null;
  for (const d of series) if (d[key] > (best?.[key] ?? 0)) best = d;
  return best;
}

export function activitySummary({ days, series }: Insights): string {
  const posts = sum(series, 'posts');
  const comments = sum(series, 'comments');
  const reactions = sum(series, 'reactions');
  const top = busiest(series, 'posts');
  const peak = top ? ` The busiest day was ${dayLabel(top.date)}, with ${plural(top.posts, 'post')}.` : '';
  return `${plural(posts, 'post')}, ${plural(comments, 'comment')} and ${plural(reactions, 'reaction')} in the last ${days} days.${peak}`;
}

export function activeMembersSummary({ days, series }: Insights): string {
  const top = busiest(series, 'activeMembers');
  if (!top) return `No member posted, commented, reacted or opened the threadline in the last ${days} days.`;
  const average = sum(series, 'activeMembers') / series.length;
  return `On average ${average.toFixed(1)} members were active each day; the most was ${plural(top.activeMembers, 'member')} on ${dayLabel(top.date)}.`;
}

export function newMembersSummary({ days, series }: Insights): string {
  return `${plural(sum(series, 'newMembers'), 'new member')} joined in the last ${days} days.`;
}

export function topMembersSummary({ topMembers }: Insights): string {
  const [first] = topMembers;
  if (!first) return 'No current member has posted or commented in this period.';
  return `${first.user.name} was the most active, with ${plural(first.posts, 'post')} and ${plural(first.comments, 'comment')}.`;
}

export const POST_TYPE_LABELS: Record<keyof Insights['postTypes'], string> = {
  text: 'Text',
  image: 'Image',
  gallery: 'Gallery',
  video: 'Video',
  audio: 'Audio',
  file: 'File',
};

/** Post types with at least one post, most first, each with its share of the whole in whole percent. */
export function postTypeRows({ postTypes }: Insights) {
  const total = Object.values(postTypes).reduce((a, b) => a + b, 0);
  return (Object.keys(POST_TYPE_LABELS) as (keyof Insights['postTypes'])[])
    .map((type) => ({ type, label: POST_TYPE_LABELS[type], posts: postTypes[type] }))
    .filter((row) => row.posts > 0)
    .sort((a, b) => b.posts - a.posts)
    .map((row) => ({ ...row, share: Math.round((row.posts / total) * 100) }));
}

export function postTypesSummary(insights: Insights): string {
  const rows = postTypeRows(insights);
  if (rows.length === 0) return `No posts in the last ${insights.days} days.`;
  return `${rows.map((r) => `${r.label} ${r.share}%`).join(', ')}.`;
}
