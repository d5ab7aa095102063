// BILLING_PROVIDER=stripe's set-up: the variables it needs, the Content-Security-Policy Stripe.js needs (and
// only with stripe), GET /api/meta's publishable key. The stripe app talks to the local stand-in for Stripe's
// network (server/test/stripe-standin.ts), the only mock.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { setupTestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import { StripeStandin, setupStripeApp, stripeTestEnv } from '../test/stripe-standin.ts';

const s = setupStripeApp();
const sandbox = setupTestApp({ BILLING_PROVIDER: 'sandbox' });

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('configuration', () => {
  it('needs the keys, the webhook secret and all four price ids, naming each', async () => {
    const fails = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message.split('\n');
      }
      throw new Error('expected a ConfigError');
    };
    expect(fails({ BILLING_PROVIDER: 'stripe' })).toEqual([
      'Invalid configuration: STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe',
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when BILLING_PROVIDER=stripe',
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER=stripe',
      ...['PRO_MONTHLY', 'PRO_YEARLY', 'COMMUNITY_MONTHLY', 'COMMUNITY_YEARLY'].map(
        (p) =>
          `Invalid configuration: STRIPE_PRICE_${p} is required when BILLING_PROVIDER=stripe (the id, price_..., of that plan and period in Stripe)`,
      ),
    ]);
    const standin = new StripeStandin();
    standin.url = 'http://127.0.0.1:1';
    const { STRIPE_PRICE_COMMUNITY_YEARLY: _, ...withoutOne } = stripeTestEnv(standin);
    expect(fails(withoutOne)).toEqual([
      'Invalid configuration: STRIPE_PRICE_COMMUNITY_YEARLY is required when BILLING_PROVIDER=stripe (the id, price_..., of that plan and period in Stripe)',
    ]);
    expect(loadConfig(stripeTestEnv(standin)).billing).toMatchObject({
      provider: 'stripe',
      prices: { proMonthly: 'price_pro_month', communityYearly: 'price_community_year' },
      stripeApiUrl: 'http://127.0.0.1:1',
    });
    // The other providers need none of it.
    expect(loadConfig({ BILLING_PROVIDER: 'sandbox' }).billing.provider).toBe('sandbox');
    expect(loadConfig({ BILLING_PROVIDER: 'off' }).billing.provider).toBe('off');
  });
});

describe('Content-Security-Policy', () => {
  it('lets Stripe.js, its frames and its API in with stripe', async () => {
    const res = await s.app.inject({ url: '/api/meta' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(res.json()).toMatchObject({ billingProvider: 'stripe', stripePublishableKey: 'pk_test_standin' });
  });

  it("stays 'self' with sandbox", async () => {
    const res = await sandbox.app.inject({ url: '/api/meta' });
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toMatch(/stripe/);
    const csp = directives(header);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(res.json().stripePublishableKey).toBeNull();
  });
});

describe('junk never answers 500 with stripe', () => {
  it('on every subscription route, signed in', async () => {
    const ada = await signedInUser(s.app);
    const junk = [null, 0, 'x', [], { plan: 'gold', billingPeriod: 'weekly' }, { plan: {} }, '\u0000'];
    for (const url of [
      '/api/subscription/create',
      '/api/subscription/cancel',
      '/api/subscription/reset',
      '/api/subscription/sandbox/confirm',
      '/api/subscription/sandbox/advance',
    ]) {
      for (const body of junk) {
        const res = await s.app.inject({
          method: 'POST',
          url,
          headers: { cookie: ada.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().message, `${url} ${res.body}`).toBe('string');
      }
    }
  });
});
