import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_DECLINE_MESSAGE, SANDBOX_TEST_MODE } from '../../../../common/schemas/billing.ts';
import { type FetchCall, json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { toast } from '../../../lib/use-toast.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { WEBHOOK_WAIT } from './payment-outcome.ts';
import { SANDBOX_TEST_MODE as SANDBOX_TEST_MODE_COPY } from './payment-sandbox-form.tsx';
import { PaymentStep } from './payment-step.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn() };
});

// Stripe's network stays out of unit tests: the Payment Element and confirmPayment are stand-ins.
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  loadStripe: vi.fn(async (_key: string) => ({ fake: 'stripe' })),
  elementsOptions: [] as unknown[],
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return children;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ fake: 'elements' }),
}));

type Provider = 'sandbox' | 'stripe';
const meta = (billingProvider: Provider, key = 'pk_test_123') => ({
  authProvider: 'local',
  billingProvider,
  stripePublishableKey: billingProvider === 'stripe' ? key : null,
});

interface Answers {
  provider?: Provider;
  /** The status's subscription status, read after paying (Stripe's webhook lands a moment later). */
  statuses?: string[];
  create?: () => Response;
  confirm?: (call: FetchCall) => Response | Promise<Response>;
  /** Stripe.js is loaded once per key for the page's life: a test of loading uses a key of its own. */
  publishableKey?: string;
}

function server({
  provider = 'sandbox',
  create,
  confirm,
  statuses = ['active'],
  publishableKey,
}: Answers = {}) {
  let reads = 0;
  return stubFetch((call) => {
    if (call.url === '/api/meta') return json(meta(provider, publishableKey));
    if (call.url === '/api/auth/user') return json({ id: 'u1', plan: 'pro' });
    if (call.url === '/api/subscription/status') {
      const status = statuses[Math.min(reads++, statuses.length - 1)];
      return json({ plan: status === 'active' ? 'pro' : 'free', subscriptionStatus: { status } });
    }
    if (call.method === 'POST' && call.url === '/api/subscription/create')
      return create?.() ?? json({ clientSecret: 'sandbox_cs_1' });
    if (call.method === 'POST' && call.url === '/api/subscription/sandbox/confirm')
      return confirm?.(call) ?? json({ plan: 'pro' });
    return json({ message: 'Not found' }, 404);
  });
}

const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);

function mount(props: Partial<React.ComponentProps<typeof PaymentStep>> = {}) {
  const onBack = vi.fn();
  const onPaid = vi.fn();
  const view = render(
    <PaymentStep plan="pro" billingPeriod="yearly" onBack={onBack} onPaid={onPaid} {...props} />,
  );
  // The cache the step refreshes after paying: both must be read again.
  view.queryClient.setQueryData(['/api/auth/user'], { id: 'u1', plan: 'free' });
  view.queryClient.setQueryData(['/api/subscription/status'], { plan: 'free' });
  return { ...view, onBack, onPaid };
}

/** The status and the current user are stale: whoever shows them next (header, overview) reads them again. */
function expectRefreshed(queryClient: QueryClient) {
  expect(queryClient.getQueryState(['/api/subscription/status'])?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(true);
}

const complete = () => button(document, /^(Complete Payment|Processing\.\.\.)$/);

beforeEach(() => {
  WEBHOOK_WAIT.intervalMs = 1;
  vi.mocked(toast).mockClear();
  stripe.confirmPayment.mockReset();
  stripe.elementsOptions.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The failure inside the form: an alert the form names as its description. */
function expectInlineFailure(message: string) {
  const alert = document.querySelector<HTMLElement>('[data-testid="payment-error"]')!;
  expect(alert.getAttribute('role')).toBe('alert');
  expect(alert.textContent).toBe(`Payment Failed${message}`);
  const form = complete()!.form!;
  expect(form.contains(alert)).toBe(true);
  expect(form.getAttribute('aria-describedby')).toBe(alert.id);
}

describe('PaymentStep (sandbox)', () => {
  it("spells the contract's test-mode copy", () => {
    expect(SANDBOX_TEST_MODE_COPY).toBe(SANDBOX_TEST_MODE);
  });

  it('creates the subscription, shows the test-mode form and pays', async () => {
    const calls = server();
    const { onPaid, queryClient } = mount();
    const heading = document.querySelector('h2')!;
    expect(heading.textContent).toBe('Upgrade to Pro');
    expect(document.activeElement).toBe(heading);
    expect(document.body.textContent).toContain('Pro, billed yearly');
    expect(document.body.textContent).toContain('$79.99 per year ($6.67/month)');
    await waitFor(() => expect(document.body.textContent).toContain(SANDBOX_TEST_MODE));
    expect(calls.filter((c) => c.url === '/api/subscription/create')).toEqual([
      { method: 'POST', url: '/api/subscription/create', body: { plan: 'pro', billingPeriod: 'yearly' } },
    ]);
    // No Stripe for sandbox installations.
    expect(stripe.loadStripe).not.toHaveBeenCalled();

    await act(async () => complete()!.click());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.url === '/api/subscription/sandbox/confirm')?.body).toEqual({
      clientSecret: 'sandbox_cs_1',
      outcome: 'succeed',
    });
    expect(toasts()).toEqual([['Payment Successful', 'You are now subscribed!']]);
    expectRefreshed(queryClient);
  });

  it('says "Processing..." while paying and takes one click only', async () => {
    let release!: () => void;
    const calls = server({
      confirm: () => new Promise<Response>((resolve) => (release = () => resolve(json({ plan: 'pro' })))),
    });
    const { onPaid } = mount({ billingPeriod: 'monthly', plan: 'community' });
    expect(document.body.textContent).toContain('$14.99 per month');
    await waitFor(() => expect(complete()?.disabled).toBe(false));
    await act(async () => complete()!.click());
    await waitFor(() => expect(complete()!.textContent).toBe('Processing...'));
    expect(complete()!.disabled).toBe(true);
    expect(button(document, 'Back to Billing')!.disabled).toBe(true);
    act(() => complete()!.form!.requestSubmit());
    expect(calls.filter((c) => c.url === '/api/subscription/sandbox/confirm')).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
  });

  it('a simulated decline says "Payment Failed" with the card message and stays on the form', async () => {
    const calls = server({
      confirm: (call) =>
        (call.body as { outcome?: string })?.outcome === 'decline'
          ? json({ message: SANDBOX_DECLINE_MESSAGE }, 402)
          : json({ plan: 'pro' }),
    });
    const { onPaid, onBack } = mount();
    await waitFor(() => expect(complete()?.disabled).toBe(false));
    const box = document.querySelector<HTMLButtonElement>('button[role="checkbox"]')!;
    const label = document.querySelector(`label[for="${box.id}"]`);
    expect(label?.textContent).toBe('Simulate a declined card');
    await act(async () => box.click());
    await act(async () => complete()!.click());
    await waitFor(() => expect(toasts()).toEqual([['Payment Failed', SANDBOX_DECLINE_MESSAGE]]));
    expect(calls.find((c) => c.url === '/api/subscription/sandbox/confirm')?.body).toMatchObject({
      outcome: 'decline',
    });
    expect(onPaid).not.toHaveBeenCalled();
    expect(onBack).not.toHaveBeenCalled();
    expect(complete()!.textContent).toBe('Complete Payment');
    // Said in the form too, as its description (issue 25): the toast goes away, this stays.
    expectInlineFailure(SANDBOX_DECLINE_MESSAGE);
    // A new attempt clears it; paid, it stays gone.
    await act(async () => box.click());
    await act(async () => complete()!.click());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(document.querySelector('[data-testid="payment-error"]')).toBeNull();
    expect(complete()!.form!.hasAttribute('aria-describedby')).toBe(false);
  });

  it('Back to Billing leaves without paying', async () => {
    const calls = server();
    const { onBack, queryClient } = mount();
    await waitFor(() => expect(document.body.textContent).toContain(SANDBOX_TEST_MODE));
    // The overview behind shows the new incomplete subscription when it comes back.
    expect(queryClient.getQueryState(['/api/subscription/status'])?.isInvalidated).toBe(true);
    await act(async () => button(document, 'Back to Billing')!.click());
    expect(onBack).toHaveBeenCalledOnce();
    expect(calls.some((c) => c.url === '/api/subscription/sandbox/confirm')).toBe(false);
  });
});

describe('PaymentStep: creating the subscription fails', () => {
  it.each([
    [
      'the server message',
      () => json({ message: 'You already have an active subscription' }, 409),
      'You already have an active subscription',
    ],
    [
      '"Failed to create subscription" without one',
      () => new Response('', { status: 500 }),
      'Failed to create subscription',
    ],
    ['"No client secret received" for an answer without it', () => json({}), 'No client secret received'],
  ])('toasts %s and goes back', async (_name, create, message) => {
    server({ create });
    const { onBack, onPaid } = mount();
    await waitFor(() => expect(onBack).toHaveBeenCalledOnce());
    expect(toasts()).toEqual([['Error', message]]);
    expect(onPaid).not.toHaveBeenCalled();
  });
});

describe('PaymentStep (stripe)', () => {
  it("pays through Stripe's Payment Element without a redirect, then waits for the webhook", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const calls = server({
      provider: 'stripe',
      create: () => json({ clientSecret: 'pi_1_secret_2' }),
      statuses: ['incomplete', 'incomplete', 'active'],
    });
    const { onPaid, queryClient } = mount();
    await waitFor(() => expect(document.querySelector('[data-testid="payment-element"]')).toBeTruthy());
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elementsOptions.at(-1)).toEqual({ clientSecret: 'pi_1_secret_2' });
    expect(document.body.textContent).not.toContain(SANDBOX_TEST_MODE);
    await act(async () => complete()!.click());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: { fake: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/billing` },
      redirect: 'if_required',
    });
    expect(toasts()).toEqual([['Payment Successful', 'You are now subscribed!']]);
    // Read until the webhook made it active (and once more as the step hands over).
    expect(calls.filter((c) => c.url === '/api/subscription/status').length).toBeGreaterThanOrEqual(3);
    expectRefreshed(queryClient);
  });

  it('gives up waiting for a slow webhook after a few reads, still paid', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const calls = server({ provider: 'stripe', statuses: ['incomplete'] });
    const { onPaid } = mount();
    await waitFor(() => expect(complete()?.disabled).toBe(false));
    await act(async () => complete()!.click());
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.url === '/api/subscription/status')).toHaveLength(WEBHOOK_WAIT.attempts);
    expect(toasts()).toEqual([['Payment Successful', 'You are now subscribed!']]);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    server({ provider: 'stripe', publishableKey: 'pk_test_offline' });
    const { onBack } = mount();
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain('could not be loaded'),
    );
    expect(complete()!.disabled).toBe(true);
    await act(async () => button(document, 'Back to Billing')!.click());
    expect(onBack).toHaveBeenCalledOnce();
  });

  it("a refused card shows Stripe's message", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    server({ provider: 'stripe' });
    const { onPaid } = mount();
    await waitFor(() => expect(complete()?.disabled).toBe(false));
    await act(async () => complete()!.click());
    await waitFor(() => expect(toasts()).toEqual([['Payment Failed', 'Your card has insufficient funds.']]));
    expect(onPaid).not.toHaveBeenCalled();
    expectInlineFailure('Your card has insufficient funds.');
  });
});
