import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import {
  canCancel,
  canResume,
  endDateLine,
  formatPrice,
  isIncomplete,
  monthlyEquivalent,
  periodEndDate,
  planFeatures,
  priceView,
  statusBadgeText,
  statusLabel,
  storageText,
  threadlinesText,
  usagePercent,
} from './billing-view.ts';

const status = (
  over: Partial<SubscriptionStatus> = {},
  sub: Partial<SubscriptionStatus['subscriptionStatus']> = {},
) =>
  ({
    plan: 'pro',
    limits: { maxTimelines: 100, maxMembersPerTimeline: 50, storageGB: 25 },
    usage: { timelines: 3, storageUsed: 0 },
    ...over,
    subscriptionStatus: {
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 1_800_000_000,
      ...sub,
    },
  }) as SubscriptionStatus;

describe('prices', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatPrice(799)).toBe('$7.99');
    expect(formatPrice(7999)).toBe('$79.99');
    expect(formatPrice(1500)).toBe('$15.00');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('gives the yearly price a per-month equivalent', () => {
    expect(monthlyEquivalent(7999)).toBe(667);
    expect(priceView('pro', 'monthly')).toEqual({ amount: '$7.99', per: '/month' });
    expect(priceView('pro', 'yearly')).toEqual({
      amount: '$79.99',
      per: '/year',
      equivalent: '$6.67/month billed yearly',
    });
    expect(priceView('community', 'monthly').amount).toBe('$14.99');
    expect(priceView('community', 'yearly').equivalent).toBe('$12.50/month billed yearly');
  });
});

describe('usage', () => {
  it('shows storage in 1024-based units', () => {
    expect(storageText(0, 1)).toBe('0 B of 1 GB');
    expect(storageText(512, 1)).toBe('512 B of 1 GB');
    expect(storageText(1536, 25)).toBe('1.5 KB of 25 GB');
    expect(storageText(5 * 1024 ** 2, 25)).toBe('5.0 MB of 25 GB');
    expect(storageText(300 * 1024 ** 2, 1)).toBe('300 MB of 1 GB');
    expect(storageText(2 * 1024 ** 3, 100)).toBe('2.0 GB of 100 GB');
  });

  it('counts threadlines against the limit', () => {
    expect(threadlinesText(3, 10)).toBe('3 of 10 threadlines');
  });

  it('keeps the percentage within 0 to 100 (a downgrade can leave more than the limit)', () => {
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(3, 10)).toBe(30);
    expect(usagePercent(15, 10)).toBe(100);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('subscription status', () => {
  it('reads the period end in seconds', () => {
    expect(periodEndDate(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });

  it('says when a cancelled subscription ends, and only then', () => {
    const noon = Date.UTC(2026, 2, 15, 12) / 1000;
    expect(endDateLine({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: noon }, 'en-US')).toBe(
      'Subscription will end on March 15, 2026',
    );
    expect(endDateLine({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: noon })).toBeNull();
    expect(endDateLine({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: null })).toBeNull();
  });

  it('names statuses in words', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('past_due')).toBe('Past Due');
    expect(statusLabel('incomplete_expired')).toBe('Incomplete Expired');
  });

  it('offers Cancel only for an active paid plan that is not already cancelling', () => {
    expect(canCancel(status())).toBe(true);
    expect(canCancel(status({ plan: 'community' }))).toBe(true);
    expect(canCancel(status({}, { cancelAtPeriodEnd: true }))).toBe(false);
    expect(canCancel(status({}, { status: 'past_due' }))).toBe(false);
    expect(canCancel(status({ plan: 'free' }, { status: null }))).toBe(false);
    expect(canCancel(status({ plan: 'free' }))).toBe(false);
  });

  it('knows an incomplete payment', () => {
    expect(isIncomplete(status({ plan: 'free' }, { status: 'incomplete' }))).toBe(true);
    expect(isIncomplete(status())).toBe(false);
  });
});

describe('plan features', () => {
  const texts = (plan: 'free' | 'pro' | 'community') => planFeatures(plan).map((f) => f.text);
  const details = (plan: 'free' | 'pro' | 'community') =>
    planFeatures(plan).flatMap((f) => (f.detail ? [f.detail] : []));

  it('builds each card from the plan table', () => {
    expect(texts('free')).toEqual([
      'Up to 10 threadlines',
      'Up to 10 members per threadline',
      '1 GB storage',
      'Basic search only',
      'No advanced search',
      'No version history',
      'No customization',
      'Owner insights',
    ]);
    expect(texts('pro')).toEqual([
      'Up to 100 threadlines',
      'Up to 50 members per threadline',
      '25 GB storage',
      'Advanced search',
      'Version history',
      'Customization',
      'Owner insights',
      'Priority support',
    ]);
    expect(texts('community')).toEqual([
      'Up to 300 threadlines',
      'Up to 150 members per threadline',
      '100 GB storage',
      'Advanced search',
      'Version history',
      'Customization',
      'Owner insights',
      'Top priority support',
    ]);
  });

  it('says what each paid feature does and whose plan decides it', () => {
    expect(details('pro')).toEqual([
      'Search across all your threadlines, posts and comments, with filters',
      'Earlier versions of edited posts, with what changed, in threadlines you own',
      'Cover image, accent colour and icon for threadlines you own',
      'Activity charts for threadlines you own or moderate',
    ]);
    expect(details('community')).toEqual(details('pro'));
    expect(details('free')).toEqual([
      'Search posts and file names in one threadline at a time',
      'Activity charts for threadlines you own or moderate',
    ]);
  });

  it('marks what the free plan lacks', () => {
    const lacking = planFeatures('free').filter((f) => !f.included);
    expect(lacking.map((f) => f.text)).toEqual([
      'No advanced search',
      'No version history',
      'No customization',
    ]);
    expect(planFeatures('pro').every((f) => f.included)).toBe(true);
  });
});

describe('after a cancel (issue 25)', () => {
  const end = 1_800_000_000;
  it('the badge says "Cancels on {date}" while the plan runs out, else the status', () => {
    const cancelling = status({}, { cancelAtPeriodEnd: true, currentPeriodEnd: end }).subscriptionStatus;
    expect(statusBadgeText(cancelling, 'en-US')).toBe('Cancels on January 15, 2027');
    expect(endDateLine(cancelling, 'en-US')).toBe('Subscription will end on January 15, 2027');
    expect(statusBadgeText(status().subscriptionStatus)).toBe('Active');
    expect(statusBadgeText(status({}, { status: 'past_due' }).subscriptionStatus)).toBe('Past Due');
    expect(statusBadgeText(status({}, { status: null }).subscriptionStatus)).toBeNull();
  });

  it('offers Resume only for a cancelled paid plan whose period has not ended', () => {
    const before = (end - 60) * 1000;
    expect(canResume(status({}, { cancelAtPeriodEnd: true, currentPeriodEnd: end }), before)).toBe(true);
    expect(canResume(status({}, { cancelAtPeriodEnd: true, currentPeriodEnd: end }), end * 1000)).toBe(false);
    expect(canResume(status(), before)).toBe(false);
    expect(canResume(status({ plan: 'free' }, { cancelAtPeriodEnd: true }), before)).toBe(false);
    expect(canResume(status({}, { status: 'incomplete', cancelAtPeriodEnd: true }), before)).toBe(false);
  });
});
