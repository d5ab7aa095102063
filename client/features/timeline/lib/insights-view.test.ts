// The words beside each Insights chart: totals, the busiest day (the earliest of ties), nothing invented for
// an empty period, and post-type shares that name only the types used.
import { describe, expect, it } from 'vitest';
import type { Insights } from '../../../../common/schemas/insights.ts';
import {
  activeMembersSummary,
  activitySummary,
  dayLabel,
  newMembersSummary,
  postTypeRows,
  postTypesSummary,
  topMembersSummary,
} from './insights-view.ts';

const zero = { posts: 0, comments: 0, reactions: 0, activeMembers: 0, newMembers: 0 };
const empty: Insights = {
  days: 7,
  series: ['2026-11-20', '2026-11-21'].map((date) => ({ date, ...zero })),
  topMembers: [],
  postTypes: { text: 0, image: 0, gallery: 0, video: 0, audio: 0, file: 0 },
};

describe('insights summaries', () => {
  it('an empty period says so, with no busiest day', () => {
    expect(activitySummary(empty)).toBe('0 posts, 0 comments and 0 reactions in the last 7 days.');
    expect(activeMembersSummary(empty)).toBe(
      'No member posted, commented, reacted or opened the threadline in the last 7 days.',
    );
    expect(newMembersSummary(empty)).toBe('0 new members joined in the last 7 days.');
    expect(topMembersSummary(empty)).toBe('No current member has posted or commented in this period.');
    expect(postTypesSummary(empty)).toBe('No posts in the last 7 days.');
    expect(postTypeRows(empty)).toEqual([]);
  });

  it('names the earliest busiest day, averages active members, groups digits', () => {
    const busy: Insights = {
      ...empty,
      series: [
        { date: '2026-11-20', ...zero, posts: 1200, activeMembers: 3 },
        { date: '2026-11-21', ...zero, posts: 1200, comments: 1, activeMembers: 4, newMembers: 1 },
      ],
      topMembers: [{ user: { id: 'u1', name: 'Ada' }, posts: 1, comments: 1 }],
      postTypes: { ...empty.postTypes, text: 2, video: 1 },
    };
    expect(activitySummary(busy)).toBe(
      '2,400 posts, 1 comment and 0 reactions in the last 7 days. The busiest day was Nov 20, with 1,200 posts.',
    );
    expect(activeMembersSummary(busy)).toBe(
      'On average 3.5 members were active each day; the most was 4 members on Nov 21.',
    );
    expect(newMembersSummary(busy)).toBe('1 new member joined in the last 7 days.');
    expect(topMembersSummary(busy)).toBe('Ada was the most active, with 1 post and 1 comment.');
    expect(postTypesSummary(busy)).toBe('Text 67%, Video 33%.');
  });

  it('labels a UTC day the same in every time zone', () => {
    expect(dayLabel('2026-01-01')).toBe('Jan 1');
  });
});
