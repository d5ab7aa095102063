// "Why Choose Threadline" copy, built from the enforced plan table so text and limits agree (DECISIONS §4).
// With billing off there are no plans: every feature is on and no limit is quoted (DECISIONS §9).
import {
  OWNER_INSIGHTS,
  PLAN_FEATURE_COPY,
  PLAN_FEATURES,
  PLAN_LIMITS,
  type PlanLimits,
  plansWith,
} from '../../../../common/plans.ts';

export interface WhyChooseItem {
  title: string;
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "Pro and Community add advanced search, version history and customization." */
function paidFeaturesSentence(free: PlanLimits): string {
  const byPlans = new Map<string, string[]>();
  for (const feature of PLAN_FEATURES) {
    if (free[feature]) continue;
    const plans = plansWith(feature);
    byPlans.set(plans, [...(byPlans.get(plans) ?? []), PLAN_FEATURE_COPY[feature].label.toLowerCase()]);
  }
  return [...byPlans].map(([plans, labels]) => ` ${plans} add ${list(labels)}.`).join('');
}

/** The plan item: the free plan's limits, or (`free` null: billing off) everything included. */
function planItem(free: PlanLimits | null): WhyChooseItem {
  if (!free) {
    const labels = [...PLAN_FEATURES.map((f) => PLAN_FEATURE_COPY[f].label), OWNER_INSIGHTS.label];
    return {
      title: 'Everything included',
      text: `Every feature is yours to use: ${list(labels.map((l, i) => (i === 0 ? l : l.toLowerCase())))}.`,
    };
  }
  return {
    title: 'Free to start',
    text: `Free to start with up to ${plural(free.maxTimelines, 'threadline', 'threadlines')}, ${plural(
      free.maxMembersPerTimeline,
      'member',
      'members',
    )} each and ${free.storageGB} GB of storage.${paidFeaturesSentence(free)}`,
  };
}

/** `free`: the free plan's limits to quote, or null when billing is off (no plan, price or limit quoted). */
export function whyChooseItems(free: PlanLimits | null = PLAN_LIMITS.free): WhyChooseItem[] {
  return [
    planItem(free),
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
