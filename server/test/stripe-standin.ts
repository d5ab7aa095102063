// A local stand-in for the few Stripe API endpoints the adapter calls (server/billing/stripe.ts). Stripe's
// network is the one thing the tests mock: the real SDK talks HTTP to this server (STRIPE_API_URL), which
// records every request (method, path, form body, Idempotency-Key) and answers like Stripe does, replays
// included. Tests play Stripe's side by scripting a subscription's state (`set`) or the next answer (`failNext`).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';

export interface StandinRequest {
  method: string;
  path: string;
  /** The form body, keys as Stripe's encoding writes them: `items[0][price]`, `expand[0]`. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StandinSubscription {
  id: string;
  customer: string;
  status: string;
  price: string;
  cancelAtPeriodEnd: boolean;
  /** Seconds, on the subscription item as in API versions since 2025. */
  currentPeriodEnd: number;
  metadata: Record<string, string>;
  invoiceId: string;
  clientSecret: string;
}

type Answer = { status: number; body: unknown };
const DAY = 86_400;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class StripeStandin {
  readonly requests: StandinRequest[] = [];
  readonly customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  readonly subscriptions = new Map<string, StandinSubscription>();
  /** Answers to replay by Idempotency-Key, as Stripe keeps them for 24 hours. */
  private readonly replays = new Map<string, { form: string; answer: Answer }>();
  private readonly failures: { match: (r: StandinRequest) => boolean; answer: Answer }[] = [];
  /** Milliseconds each answer waits: parallel calls then overlap for real. */
  delayMs = 0;
  url = '';
  private readonly server = createServer((req, res) => void this.handle(req, res));

  static async start(): Promise<StripeStandin> {
    const standin = new StripeStandin();
    await new Promise<void>((resolve) => standin.server.listen(0, '127.0.0.1', resolve));
    standin.url = `http://127.0.0.1:${(standin.server.address() as AddressInfo).port}`;
    return standin;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Plays Stripe's side: the subscription's state changes as it would after a payment, a renewal, a failure. */
  set(subscriptionId: string, patch: Partial<Omit<StandinSubscription, 'id'>>): StandinSubscription {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`stand-in: no subscription ${subscriptionId}`);
    Object.assign(sub, patch);
    return sub;
  }

  /** The next request matching `method path` (path may be a prefix ending in '*') answers this error. */
  failNext(route: string, status: number, error: { type: string; message: string; code?: string }) {
    const [method, path = ''] = route.split(' ');
    const match = (r: StandinRequest) =>
      r.method === method && (path.endsWith('*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path);
    this.failures.push({ match, answer: { status, body: { error: error } } });
  }

  /** Requests other than GETs (the calls that change something at Stripe). */
  writes(): StandinRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  reset() {
    this.requests.length = 0;
    this.failures.length = 0;
  }

  /** Stripe's subscription object (API 2025+ shape: the period end on the item, the secret on the invoice). */
  subscriptionJson(sub: StandinSubscription, expand: string[] = []) {
    const expandInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      metadata: sub.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            price: { id: sub.price, object: 'price' },
            current_period_start: sub.currentPeriodEnd - 30 * DAY,
            current_period_end: sub.currentPeriodEnd,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice: expandInvoice
        ? {
            id: sub.invoiceId,
            object: 'invoice',
            status: sub.status === 'incomplete' ? 'open' : 'paid',
            confirmation_secret: { client_secret: sub.clientSecret, type: 'payment_intent' },
          }
        : sub.invoiceId,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', this.url);
    const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    const request: StandinRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      form: Object.fromEntries(params),
      idempotencyKey: header(req, 'idempotency-key'),
    };
    this.requests.push(request);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));

    const key = request.idempotencyKey && request.method === 'POST' ? request.idempotencyKey : undefined;
    const replay = key ? this.replays.get(key) : undefined;
    let answer: Answer;
    if (replay && replay.form !== raw) {
      answer = error(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    } else if (replay) {
      answer = replay.answer;
    } else {
      const failure = this.failures.findIndex((f) => f.match(request));
      answer = failure >= 0 ? this.failures.splice(failure, 1)[0]!.answer : this.route(request);
      if (key) this.replays.set(key, { form: raw, answer });
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      // Scripted 5xx must not be retried by the SDK in tests (Stripe sends this header too).
      'stripe-should-retry': 'false',
      ...(replay && { 'idempotent-replayed': 'true' }),
    });
    res.end(JSON.stringify(answer.body));
  }

  private route(r: StandinRequest): Answer {
    const expand = Object.entries(r.form)
      .filter(([k]) => k.startsWith('expand['))
      .map(([, v]) => v);
    if (r.method === 'POST' && r.path === '/v1/customers') {
      const customer = { id: id('cus'), email: r.form.email ?? '', metadata: metadataOf(r.form) };
      this.customers.set(customer.id, customer);
      return { status: 200, body: { object: 'customer', ...customer } };
    }
    if (r.method === 'POST' && r.path === '/v1/subscriptions') {
      const customer = r.form.customer ?? '';
      if (!this.customers.has(customer)) return missing('customer', customer);
      const price = r.form['items[0][price]'];
      if (!price) return error(400, 'invalid_request_error', 'Missing required param: items[0][price].');
      const subId = id('sub');
      const sub: StandinSubscription = {
        id: subId,
        customer,
        status: 'incomplete',
        price,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: Math.floor(Date.now() / 1000) + (price.includes('year') ? 365 : 30) * DAY,
        metadata: metadataOf(r.form),
        invoiceId: id('in'),
        clientSecret: `pi_${subId.slice(4)}_secret_${randomBytes(6).toString('hex')}`,
      };
      this.subscriptions.set(subId, sub);
      return { status: 200, body: this.subscriptionJson(sub, expand) };
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(r.path);
    const sub = match ? this.subscriptions.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !sub) return missing('subscription', match[1]!);
    if (sub && r.method === 'GET') return { status: 200, body: this.subscriptionJson(sub, expand) };
    if (sub && r.method === 'POST') {
      if (['canceled', 'incomplete_expired'].includes(sub.status)) {
        return error(400, 'invalid_request_error', 'A canceled subscription can only update its metadata.');
      }
      if (r.form.cancel_at_period_end !== undefined) {
        sub.cancelAtPeriodEnd = r.form.cancel_at_period_end === 'true';
      }
      return { status: 200, body: this.subscriptionJson(sub, expand) };
    }
    if (sub && r.method === 'DELETE') {
      if (['canceled', 'incomplete_expired'].includes(sub.status)) {
        return error(400, 'invalid_request_error', `A canceled subscription can't be canceled: ${sub.id}.`);
      }
      sub.status = 'canceled';
      return { status: 200, body: this.subscriptionJson(sub, expand) };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`);
  }
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );

const error = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: { error: { type, message, ...(code && { code }) } },
});

const missing = (what: string, which: string) =>
  error(404, 'invalid_request_error', `No such ${what}: '${which}'`, 'resource_missing');

// ---- Wiring for tests: an app with BILLING_PROVIDER=stripe whose SDK talks to the stand-in. ----

export const STANDIN_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
export const STANDIN_PRICES = {
  proMonthly: 'price_pro_month',
  proYearly: 'price_pro_year',
  communityMonthly: 'price_community_month',
  communityYearly: 'price_community_year',
} as const;

export function stripeTestEnv(standin: StripeStandin): Record<string, string> {
  return {
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
    STRIPE_PRICE_PRO_MONTHLY: STANDIN_PRICES.proMonthly,
    STRIPE_PRICE_PRO_YEARLY: STANDIN_PRICES.proYearly,
    STRIPE_PRICE_COMMUNITY_MONTHLY: STANDIN_PRICES.communityMonthly,
    STRIPE_PRICE_COMMUNITY_YEARLY: STANDIN_PRICES.communityYearly,
    STRIPE_API_URL: standin.url,
    // The races send dozens of one user's billing calls at once; the write limit has its own tests.
    WRITE_LIMIT_FACTOR: '20',
  };
}

/** One stand-in and one stripe app for the whole file. */
export function setupStripeApp(): { app: TestApp['app']; standin: StripeStandin; t: TestApp } {
  const holder = {} as { app: TestApp['app']; standin: StripeStandin; t: TestApp };
  beforeAll(async () => {
    holder.standin = await StripeStandin.start();
    holder.t = await buildTestApp(stripeTestEnv(holder.standin));
    holder.app = holder.t.app;
  });
  afterAll(async () => {
    await holder.t?.close();
    await holder.standin?.close();
  });
  return holder;
}

/** A Stripe event as Stripe posts it (JSON text), about `object`. */
export function stripeEventJson(type: string, object: unknown, id = `evt_${randomBytes(8).toString('hex')}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

/** POSTs `payload` to the webhook signed as Stripe signs it (generateTestHeaderString). */
export function postWebhook(
  app: TestApp['app'],
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const header =
    options.signature ??
    stripeWebhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? STANDIN_WEBHOOK_SECRET,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}

const stripeWebhooks = new Stripe('sk_test_standin').webhooks;
