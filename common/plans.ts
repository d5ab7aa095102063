// The plan table of spec 001 §9: the one the server enforces and all copy is built from (DECISIONS §4).
export const PLANS = ['free', 'pro', 'community'] as const;
export type Plan = (typeof PLANS)[number];
export const PAID_PLANS = ['pro', 'community'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanLimits {
  maxTimelines: number;
  maxMembersPerTimeline: number;
  storageGB: number;
  advancedSearch: boolean;
  versionHistory: boolean;
  customization: boolean;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    maxTimelines: 10,
    maxMembersPerTimeline: 10,
    storageGB: 1,
    advancedSearch: false,
    versionHistory: false,
    customization: false,
  },
  pro: {
    maxTimelines: 100,
    maxMembersPerTimeline: 50,
    storageGB: 25,
    advancedSearch: true,
    versionHistory: true,
    customization: true,
  },
  community: {
    maxTimelines: 300,
    maxMembersPerTimeline: 150,
    storageGB: 100,
    advancedSearch: true,
    versionHistory: true,
    customization: true,
  },
};

/** Prices in minor units (cents). */
export const PLAN_PRICES: Record<PaidPlan, Record<BillingPeriod, number>> = {
  pro: { monthly: 799, yearly: 7999 },
  community: { monthly: 1499, yearly: 14999 },
};

export const PLAN_DISPLAY_NAMES: Record<Plan, string> = {
  free: 'Personal',
  pro: 'Pro',
  community: 'Community',
};

export const YEARLY_SAVING_PERCENT = 17;

export const storageBytesFor = (plan: Plan): number => PLAN_LIMITS[plan].storageGB * 1024 ** 3;

/** The features the paid plans add (DECISIONS §9); each plan's value is in PLAN_LIMITS. */
export type PlanFeature = 'advancedSearch' | 'versionHistory' | 'customization';

/** The server's words when a feature is not on the plan that decides it (403 with planUpgradeRequired). */
export const PLAN_FEATURE_MESSAGES: Record<PlanFeature, string> = {
  advancedSearch: 'Advanced search is part of Pro and Community',
  versionHistory: 'Version history is part of Pro and Community',
  customization: 'Customization is part of Pro and Community',
};

/** The server's words when a plan limit refuses (403, storage 413): the client tells the refusals apart by them. */
export const PLAN_LIMIT_MESSAGES = {
  timelines: 'Timeline limit reached',
  members: 'Member limit reached',
  storage: 'Storage limit reached',
} as const;

/** A paid feature as the plan cards, the landing page and the upgrade prompts name it (DECISIONS §9). */
export interface PlanFeatureCopy {
  /** "Advanced search". */
  label: string;
  /** What it does, and whose plan decides it. */
  description: string;
}

export const PLAN_FEATURE_COPY: Record<PlanFeature, PlanFeatureCopy> = {
  advancedSearch: {
    label: 'Advanced search',
    description: 'Search across all your threadlines, posts and comments, with filters',
  },
  versionHistory: {
    label: 'Version history',
    description: 'Earlier versions of edited posts, with what changed, in threadlines you own',
  },
  customization: {
    label: 'Customization',
    description: 'Cover image, accent colour and icon for threadlines you own',
  },
};

export const PLAN_FEATURES: readonly PlanFeature[] = ['advancedSearch', 'versionHistory', 'customization'];

/** On every plan (DECISIONS §9): what the free card says it includes besides its limits. */
export const BASIC_SEARCH: PlanFeatureCopy = {
  label: 'Basic search only',
  description: 'Search posts and file names in one threadline at a time',
};
export const OWNER_INSIGHTS: PlanFeatureCopy = {
  label: 'Owner insights',
  description: 'Activity charts for threadlines you own or moderate',
};

/** Spec 000 §2's support line of the paid cards. */
export const PLAN_SUPPORT: Record<Plan, string | null> = {
  free: null,
  pro: 'Priority support',
  community: 'Top priority support',
};

export interface PlanCardLine {
  text: string;
  /** Shown under the line, muted. */
  detail?: string;
  included: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A plan card's list (spec 000 §2): the limits, then each paid feature in or out, insights, support. */
export function planCardLines(plan: Plan): PlanCardLine[] {
  const limits = PLAN_LIMITS[plan];
  const lines: PlanCardLine[] = [
    { text: `Up to ${plural(limits.maxTimelines, 'threadline', 'threadlines')}`, included: true },
    {
      text: `Up to ${plural(limits.maxMembersPerTimeline, 'member', 'members')} per threadline`,
      included: true,
    },
    { text: `${limits.storageGB} GB storage`, included: true },
  ];
  if (!limits.advancedSearch)
    lines.push({ text: BASIC_SEARCH.label, detail: BASIC_SEARCH.description, included: true });
  for (const feature of PLAN_FEATURES) {
    const { label, description } = PLAN_FEATURE_COPY[feature];
    lines.push(
      limits[feature]
        ? { text: label, detail: description, included: true }
        : { text: `No ${label.toLowerCase()}`, included: false },
    );
  }
  lines.push({ text: OWNER_INSIGHTS.label, detail: OWNER_INSIGHTS.description, included: true });
  const support = PLAN_SUPPORT[plan];
  if (support) lines.push({ text: support, included: true });
  return lines;
}

/** The plans that include `feature`, by display name: "Pro and Community". */
export function plansWith(feature: PlanFeature): string {
  const names = PLANS.filter((plan) => PLAN_LIMITS[plan][feature]).map((plan) => PLAN_DISPLAY_NAMES[plan]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
