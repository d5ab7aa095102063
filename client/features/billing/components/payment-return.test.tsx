import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMeta } from '../../../lib/auth.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, render, waitFor } from '../../home/test/render.tsx';
import { WEBHOOK_WAIT } from './payment-outcome.ts';
import { PaymentReturn } from './payment-return.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn() };
});
const stripe = vi.hoisted(() => ({
  retrievePaymentIntent: vi.fn(),
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);

function server(provider: 'stripe' | 'sandbox', statuses: string[] = ['active']) {
  let reads = 0;
  return stubFetch(({ url }) => {
    if (url === '/api/meta')
      return json({
        authProvider: 'local',
        billingProvider: provider,
        stripePublishableKey: provider === 'stripe' ? 'pk_test_1' : null,
      });
    if (url === '/api/subscription/status')
      return json({ subscriptionStatus: { status: statuses[Math.min(reads++, statuses.length - 1)] } });
    return json({ message: 'Not found' }, 404);
  });
}

function Provider() {
  const { data: meta } = useMeta();
  return meta ? <p>Billing by {meta.billingProvider}</p> : null;
}

const returnPath = (status: string) =>
  `/billing?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=${status}`;

beforeEach(() => {
  WEBHOOK_WAIT.intervalMs = 1;
  vi.mocked(toast).mockClear();
  stripe.loadStripe.mockReset();
  stripe.retrievePaymentIntent.mockReset();
  stripe.loadStripe.mockResolvedValue({ retrievePaymentIntent: stripe.retrievePaymentIntent });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentReturn (back from the bank page)', () => {
  it('a succeeded payment waits for the webhook, then says "Payment Successful"', async () => {
    WEBHOOK_WAIT.intervalMs = 50;
    const calls = server('stripe', ['incomplete', 'incomplete', 'active']);
    const { history } = render(<PaymentReturn />, { path: returnPath('succeeded') });
    await waitFor(() => expect(document.body.textContent).toContain('Confirming your payment...'));
    expect(history.at(-1)).toBe('/billing');
    await waitFor(() => expect(toasts()).toEqual([['Payment Successful', 'You are now subscribed!']]));
    expect(calls.filter((c) => c.url === '/api/subscription/status').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(document.body.textContent).not.toContain('Confirming'));
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('a failed payment says "Payment Failed" with Stripe\'s message', async () => {
    stripe.retrievePaymentIntent.mockResolvedValue({
      paymentIntent: { last_payment_error: { message: 'Authentication failed.' } },
    });
    server('stripe');
    const { history } = render(<PaymentReturn />, { path: returnPath('failed') });
    await waitFor(() => expect(toasts()).toEqual([['Payment Failed', 'Authentication failed.']]));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_1');
    expect(stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_1_secret_2');
    expect(history.at(-1)).toBe('/billing');
  });

  it('does nothing on a plain /billing or under the sandbox', async () => {
    // Once the page knows the billing provider (shown here), PaymentReturn has decided too.
    const withProvider = (
      <>
        <PaymentReturn />
        <Provider />
      </>
    );
    server('sandbox');
    const sandbox = render(withProvider, { path: returnPath('succeeded') });
    await waitFor(() => expect(document.body.textContent).toContain('Billing by sandbox'));
    expect(sandbox.history).toEqual([returnPath('succeeded')]);
    cleanup();
    server('stripe');
    const plain = render(withProvider, { path: '/billing' });
    await waitFor(() => expect(document.body.textContent).toContain('Billing by stripe'));
    expect(plain.history).toEqual(['/billing']);
    expect(document.body.textContent).not.toContain('Confirming');
    expect(toasts()).toEqual([]);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
