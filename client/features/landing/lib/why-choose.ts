// "Why Choose Threadline" copy, built from the enforced plan table so text and limits agree (DECISIONS §4).
import { PLAN_LIMITS, type PlanLimits } from '../../../../common/plans.ts';

export interface WhyChooseItem {
  title: string;
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function whyChooseItems(free: PlanLimits = PLAN_LIMITS.free): WhyChooseItem[] {
  return [
    {
      title: 'Free to start',
      text: `Free to start with up to ${plural(free.maxTimelines, 'threadline', 'threadlines')}, ${plural(
        free.maxMembersPerTimeline,
        'member',
        'members',
      )} each and ${free.storageGB} GB of storage. Upgrade whenever you need more.`,
    },
    {
      title: 'Real-time updates',
      text: 'New posts and comments appear instantly for everyone in the threadline, no refreshing needed.',
    },
    {
      title: 'Easy sharing with join codes',
      text: 'Every threadline gets its own join code. Share it with the people you choose, and optionally approve each request.',
    },
  ];
}
