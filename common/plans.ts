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
