import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS, planCardLines } from '../../../../common/plans.ts';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import { handleUnauthorized } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { button, cleanup, jsonResponse, render, waitFor } from '../../home/test/render.tsx';
import { longDate, periodEndDate } from '../lib/billing-view.ts';
import { BillingPage } from './billing-page.tsx';
import type { PaymentStepProps } from './payment-step.tsx';

// The header needs the signed-in user and installation facts; they are not what is tested here.
vi.mock('../../../components/page-layout.tsx', () => ({
  SignedInLayout: ({ children }: { children: React.ReactNode }) => <main>{children}</main>,
}));
vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});
// Signing in again navigates the window; here it is enough to see it asked for.
vi.mock('../../../lib/authUtils.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/authUtils.ts')>();
  return { ...actual, handleUnauthorized: vi.fn() };
});
// The payment step is P's (tested beside it); here only what the page hands it and how it comes back.
const step: { props?: PaymentStepProps } = {};
vi.mock('./payment-step.tsx', () => ({
  PaymentStep: (props: PaymentStepProps) => {
    step.props = props;
    return (
      <section>
        <h2>
          Payment for {props.plan} {props.billingPeriod}
        </h2>
      </section>
    );
  },
}));

const PERIOD_END = Date.UTC(2026, 5, 30, 12) / 1000;

const freeStatus: SubscriptionStatus = {
  plan: 'free',
  limits: { maxTimelines: 10, maxMembersPerTimeline: 10, storageGB: 1 },
  usage: { timelines: 3, storageUsed: 1536 },
  subscriptionStatus: { status: null, cancelAtPeriodEnd: false, currentPeriodEnd: null },
};
const proStatus: SubscriptionStatus = {
  plan: 'pro',
  limits: { maxTimelines: 100, maxMembersPerTimeline: 50, storageGB: 25 },
  usage: { timelines: 12, storageUsed: 5 * 1024 ** 2 },
  subscriptionStatus: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: PERIOD_END },
};
const cancellingStatus: SubscriptionStatus = {
  ...proStatus,
  subscriptionStatus: { ...proStatus.subscriptionStatus, cancelAtPeriodEnd: true },
};
/** Cancelled, its period still running (a date well after any run of these tests). */
const FUTURE_END = Date.UTC(2099, 0, 15, 12) / 1000;
const runningOutStatus: SubscriptionStatus = {
  ...proStatus,
  subscriptionStatus: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: FUTURE_END },
};
const renewingStatus: SubscriptionStatus = {
  ...proStatus,
  subscriptionStatus: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: FUTURE_END },
};
const incompleteStatus: SubscriptionStatus = {
  ...freeStatus,
  subscriptionStatus: { status: 'incomplete', cancelAtPeriodEnd: false, currentPeriodEnd: null },
};

type Handler = (method: string, url: string) => Response | Promise<Response>;
let calls: { method: string; url: string }[] = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      return handler(method, url);
    }),
  );
}

/** GET status answers `states` in turn (the last one repeats); POSTs answer `post`. */
function serveStatus(states: SubscriptionStatus[], post: Handler = () => jsonResponse({ success: true })) {
  let reads = 0;
  serve((method, url) => {
    if (method === 'GET' && url === '/api/subscription/status')
      return jsonResponse(states[Math.min(reads++, states.length - 1)]);
    if (method === 'GET' && url === '/api/auth/user') return jsonResponse({ id: 'u1', plan: 'free' });
    return post(method, url);
  });
}

async function mount() {
  const view = render(<BillingPage />, { path: '/billing' });
  await waitFor(() =>
    expect(view.container.querySelector('[data-testid="billing-plan-badge"]')).toBeTruthy(),
  );
  return view;
}

const text = (root: ParentNode, testid: string) =>
  root.querySelector(`[data-testid="${testid}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
/** The confirmation, once its code has loaded (it loads when first opened). */
async function opened(): Promise<HTMLElement> {
  await waitFor(() => expect(dialog()).not.toBeNull());
  return dialog()!;
}
const radio = (root: ParentNode, value: string) =>
  root.querySelector<HTMLInputElement>(`input[type="radio"][value="${value}"]`)!;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(handleUnauthorized).mockClear();
  step.props = undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillingPage overview', () => {
  it('shows the plan badge, no status badge, and the usage bars on the free plan', async () => {
    serveStatus([freeStatus]);
    const { container } = await mount();
    expect(container.querySelector('h1')?.textContent).toBe('Billing & Subscription');
    expect(text(container, 'billing-plan-badge')).toBe('Plan: Personal');
    expect(container.querySelector('[data-testid="billing-status-badge"]')).toBeNull();
    expect(container.querySelector('[data-testid="billing-end-date"]')).toBeNull();

    const threadlines = container.querySelector<HTMLElement>('[data-testid="billing-usage-threadlines"]')!;
    expect(threadlines.getAttribute('role')).toBe('progressbar');
    expect(threadlines.getAttribute('aria-valuenow')).toBe('30');
    expect(threadlines.getAttribute('aria-valuemin')).toBe('0');
    expect(threadlines.getAttribute('aria-valuemax')).toBe('100');
    expect(threadlines.getAttribute('aria-valuetext')).toBe('3 of 10 threadlines');
    const label = document.getElementById(threadlines.getAttribute('aria-labelledby')!);
    expect(label?.textContent).toBe('Threadlines');

    const storage = container.querySelector<HTMLElement>('[data-testid="billing-usage-storage"]')!;
    expect(storage.getAttribute('aria-valuetext')).toBe('1.5 KB of 1 GB');
    expect(storage.getAttribute('aria-valuenow')).toBe('0');
    expect(text(container, 'billing-usage-storage-text')).toBe('1.5 KB of 1 GB');
    expect(button(container, 'Cancel Subscription')).toBeUndefined();
    expect(container.querySelector('[data-testid="billing-incomplete"]')).toBeNull();
  });

  it('shows the status badge and Cancel Subscription on an active paid plan, without the plan cards', async () => {
    serveStatus([proStatus]);
    const { container } = await mount();
    expect(text(container, 'billing-plan-badge')).toBe('Plan: Pro');
    expect(text(container, 'billing-status-badge')).toBe('Status: Active');
    expect(text(container, 'billing-usage-storage-text')).toBe('5.0 MB of 25 GB');
    expect(text(container, 'billing-usage-threadlines-text')).toBe('12 of 100 threadlines');
    expect(button(container, 'Cancel Subscription')).toBeDefined();
    expect(container.querySelector('fieldset')).toBeNull();
    expect(container.querySelector('[data-testid="billing-plan-card-pro"]')).toBeNull();
  });

  it('says when a cancelled subscription ends (the period end is in seconds) and offers no second cancel', async () => {
    serveStatus([cancellingStatus]);
    const { container } = await mount();
    const date = longDate(periodEndDate(PERIOD_END));
    expect(date).toMatch(/2026/);
    expect(text(container, 'billing-end-date')).toBe(`Subscription will end on ${date}`);
    expect(button(container, 'Cancel Subscription')).toBeUndefined();
  });

  it('shows a loading state, then an error with Try Again', async () => {
    let fail = true;
    serve((_method, url) =>
      url === '/api/subscription/status' && !fail
        ? jsonResponse(freeStatus)
        : jsonResponse({ message: 'x' }, 500),
    );
    const { container } = render(<BillingPage />, { path: '/billing' });
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Loading your plan...');
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'Could not load your subscription.',
      ),
    );
    fail = false;
    await act(async () => button(container, 'Try Again')!.click());
    await waitFor(() => expect(text(container, 'billing-plan-badge')).toBe('Plan: Personal'));
  });

  it('signs in again when the status answers 401', async () => {
    serve(() => jsonResponse({ message: 'Unauthorized' }, 401));
    const { container } = render(<BillingPage />, { path: '/billing' });
    await waitFor(() => expect(handleUnauthorized).toHaveBeenCalledTimes(1));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Could not load your subscription.');
  });
});

describe('Cancel Subscription', () => {
  it('confirms, cancels, toasts and shows the end date', async () => {
    serveStatus([proStatus, cancellingStatus]);
    const { container } = await mount();
    act(() => button(container, 'Cancel Subscription')!.click());
    const confirm = await opened();
    expect(confirm.textContent).toContain('Cancel Subscription');
    expect(confirm.textContent).toContain(
      `Your Pro plan stays active until ${longDate(periodEndDate(PERIOD_END))}`,
    );
    expect(button(confirm, 'Keep Subscription')).toBeDefined();
    await act(async () => button(confirm, 'Cancel Subscription')!.click());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/subscription/cancel' });
    await waitFor(() => expect(text(container, 'billing-end-date')).toMatch(/^Subscription will end on /));
    expect(toasts()).toContainEqual([
      'Subscription Canceled',
      'Your subscription will end at the current period.',
    ]);
    expect(button(container, 'Cancel Subscription')).toBeUndefined();
    await waitFor(() => expect(dialog()).toBeNull());
    // Focus does not fall to the page's body when the button goes.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Current Plan'));
  });

  it('keeps the plan and says so when cancelling fails', async () => {
    serveStatus([proStatus], () => jsonResponse({ message: 'No active subscription' }, 409));
    const { container } = await mount();
    act(() => button(container, 'Cancel Subscription')!.click());
    await act(async () => button(await opened(), 'Cancel Subscription')!.click());
    await waitFor(() => expect(toasts()).toContainEqual(['Error', 'Failed to cancel subscription']));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(button(container, 'Cancel Subscription')).toBeDefined();
  });

  it('can be kept', async () => {
    serveStatus([proStatus]);
    const { container } = await mount();
    const opener = button(container, 'Cancel Subscription')!;
    opener.focus();
    act(() => opener.click());
    const confirm = await opened();
    act(() => button(confirm, 'Keep Subscription')!.click());
    await waitFor(() => expect(dialog()).toBeNull());
    // The confirmation loads on first open and has no trigger of its own: focus still comes back.
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Resume subscription (issue 25)', () => {
  it('a cancelled plan says "Cancels on {date}" and resumes; focus moves to Cancel Subscription', async () => {
    serveStatus([runningOutStatus, renewingStatus]);
    const { container } = await mount();
    const date = longDate(periodEndDate(FUTURE_END));
    expect(text(container, 'billing-status-badge')).toBe(`Status: Cancels on ${date}`);
    expect(text(container, 'billing-end-date')).toBe(`Subscription will end on ${date}`);
    expect(button(container, 'Cancel Subscription')).toBeUndefined();
    const resume = button(container, 'Resume subscription')!;
    resume.focus();
    await act(async () => resume.click());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/subscription/resume' });
    await waitFor(() => expect(text(container, 'billing-status-badge')).toBe('Status: Active'));
    expect(container.querySelector('[data-testid="billing-end-date"]')).toBeNull();
    expect(button(container, 'Resume subscription')).toBeUndefined();
    expect(toasts()).toContainEqual(['Subscription Resumed', 'Your plan will renew as before.']);
    await waitFor(() => expect(document.activeElement).toBe(button(container, 'Cancel Subscription')));
  });

  it("no Resume once the period's end has passed (the next read ends it)", async () => {
    serveStatus([cancellingStatus]);
    const { container } = await mount();
    expect(button(container, 'Resume subscription')).toBeUndefined();
  });

  it("says the server's reason when the resume is refused, and reads the status again", async () => {
    serveStatus([runningOutStatus, { ...freeStatus }], () =>
      jsonResponse({ message: 'Your subscription has already ended: choose a plan to subscribe again' }, 409),
    );
    const { container } = await mount();
    await act(async () => button(container, 'Resume subscription')!.click());
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        'Error',
        'Your subscription has already ended: choose a plan to subscribe again',
      ]),
    );
    await waitFor(() => expect(text(container, 'billing-plan-badge')).toBe('Plan: Personal'));
  });
});

describe('incomplete payment', () => {
  it('shows the notice and resets to the free plan', async () => {
    serveStatus([incompleteStatus, freeStatus]);
    const { container } = await mount();
    expect(text(container, 'billing-status-badge')).toBe('Status: Incomplete');
    const notice = container.querySelector<HTMLElement>('[data-testid="billing-incomplete"]')!;
    expect(notice.textContent).toContain('Payment incomplete');
    await act(async () => button(notice, 'Reset to Free Plan')!.click());
    expect(calls).toContainEqual({ method: 'POST', url: '/api/subscription/reset' });
    await waitFor(() => expect(container.querySelector('[data-testid="billing-incomplete"]')).toBeNull());
    expect(toasts()).toContainEqual(['Account Reset', 'Your account has been reset to the Free plan.']);
    expect(container.querySelector('[data-testid="billing-status-badge"]')).toBeNull();
  });

  it("says the server's message when the reset fails", async () => {
    serveStatus([incompleteStatus], () => jsonResponse({ message: 'Nothing to reset' }, 409));
    const { container } = await mount();
    await act(async () => button(container, 'Reset to Free Plan')!.click());
    await waitFor(() => expect(toasts()).toContainEqual(['Error', 'Nothing to reset']));
  });

  it('falls back to "Failed to reset account"', async () => {
    serveStatus([incompleteStatus], () => {
      throw new TypeError('Failed to fetch');
    });
    const { container } = await mount();
    await act(async () => button(container, 'Reset to Free Plan')!.click());
    await waitFor(() => expect(toasts()).toContainEqual(['Error', 'Failed to reset account']));
  });
});

describe('plan cards', () => {
  it('lists each plan with its limits from the plan table and its features', async () => {
    serveStatus([freeStatus]);
    const { container } = await mount();
    const card = (plan: string) =>
      container.querySelector<HTMLElement>(`[data-testid="billing-plan-card-${plan}"]`)!;
    const items = (plan: string) => [...card(plan).querySelectorAll('ul li')].map((li) => li.textContent);
    expect(card('free').textContent).toContain('Personal');
    expect(card('free').textContent).toContain('Your current plan');
    const line = (text: string, detail?: string) => text + (detail ?? '');
    // Each card is the plan table's list, detail lines included.
    for (const plan of PLANS)
      expect(items(plan)).toEqual(planCardLines(plan).map((l) => line(l.text, l.detail)));
    expect(items('free')).toEqual([
      'Up to 10 threadlines',
      'Up to 10 members per threadline',
      '1 GB storage',
      line('Basic search only', 'Search posts and file names in one threadline at a time'),
      'No advanced search',
      'No version history',
      'No customization',
      line('Owner insights', 'Activity charts for threadlines you own or moderate'),
    ]);
    expect(card('pro').textContent).toContain('Most Popular');
    expect(items('pro')).toEqual([
      'Up to 100 threadlines',
      'Up to 50 members per threadline',
      '25 GB storage',
      line('Advanced search', 'Search across all your threadlines, posts and comments, with filters'),
      line('Version history', 'Earlier versions of edited posts, with what changed, in threadlines you own'),
      line('Customization', 'Cover image, accent colour and icon for threadlines you own'),
      line('Owner insights', 'Activity charts for threadlines you own or moderate'),
      'Priority support',
    ]);
    expect(card('community').textContent).toContain('Best Value');
    expect(items('community').slice(0, 3)).toEqual([
      'Up to 300 threadlines',
      'Up to 150 members per threadline',
      '100 GB storage',
    ]);
    expect(items('community').at(-1)).toBe('Top priority support');
    expect(button(card('free'), /Upgrade/)).toBeUndefined();
    expect(button(card('pro'), 'Upgrade to Pro')).toBeDefined();
    expect(button(card('community'), 'Upgrade to Community')).toBeDefined();
  });

  it('switches prices between monthly and yearly with the per-month equivalent', async () => {
    serveStatus([freeStatus]);
    const { container } = await mount();
    const group = container.querySelector('fieldset')!;
    expect(group.querySelector('legend')?.textContent).toBe('Billing period');
    expect(group.textContent).toContain('Save 17%');
    expect(radio(container, 'monthly').checked).toBe(true);
    expect(text(container, 'billing-price-pro')).toBe('$7.99/month');
    expect(text(container, 'billing-price-community')).toBe('$14.99/month');

    act(() => radio(container, 'yearly').click());
    expect(radio(container, 'yearly').checked).toBe(true);
    const lines = (plan: string) =>
      [...container.querySelectorAll(`[data-testid="billing-price-${plan}"] p`)].map((p) => p.textContent);
    expect(lines('pro')).toEqual(['$79.99/year', '$6.67/month billed yearly']);
    expect(lines('community')).toEqual(['$149.99/year', '$12.50/month billed yearly']);

    act(() => radio(container, 'monthly').click());
    expect(text(container, 'billing-price-pro')).toBe('$7.99/month');
  });

  it('opens the payment step for the chosen plan and period, and Back returns focus to its button', async () => {
    serveStatus([freeStatus]);
    const { container } = await mount();
    act(() => radio(container, 'yearly').click());
    act(() => button(container, 'Upgrade to Community')!.click());
    expect(step.props).toMatchObject({ plan: 'community', billingPeriod: 'yearly' });
    expect(container.textContent).toContain('Payment for community yearly');
    expect(container.querySelector('[data-testid="billing-plan-card-pro"]')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Payment for community yearly');

    act(() => step.props!.onBack());
    expect(container.querySelector('[data-testid="billing-plan-card-pro"]')).toBeTruthy();
    expect(document.activeElement).toBe(button(container, 'Upgrade to Community'));
    // The period chosen before is kept.
    expect(radio(container, 'yearly').checked).toBe(true);
  });

  it('returns to the overview once paid', async () => {
    serveStatus([freeStatus]);
    const { container } = await mount();
    act(() => button(container, 'Upgrade to Pro')!.click());
    expect(step.props).toMatchObject({ plan: 'pro', billingPeriod: 'monthly' });
    act(() => step.props!.onPaid());
    expect(container.querySelector('[data-testid="billing-plan-badge"]')).toBeTruthy();
    expect(container.textContent).not.toContain('Payment for');
  });
});
