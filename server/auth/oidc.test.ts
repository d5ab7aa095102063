// The whole OIDC sign-in over real HTTP: a real oidc-provider on `localhost`, the app on 127.0.0.1
// (different hosts, so each keeps its own cookies), redirects followed by hand.
import { generateKeyPairSync } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
// @ts-expect-error oidc-provider ships no type declarations
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableUser, enableUser } from '../admin/commands/users.ts';
import { users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildUser } from '../test/factories.ts';

const CLIENT_ID = 'threadline';
const CLIENT_SECRET = 'threadline-test-secret';

interface Claims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}
/** The provider's accounts; tests change them between sign-ins. */
const accounts: Record<string, Claims> = {};
/** Who the next provider log-in (a fresh browser) signs in as. */
let nextAccount = 'alice';

let providerServer: Server;
let issuer: string;
let appUrl: string;
let t: TestApp;

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: Server | undefined) {
  if (!server?.listening) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  // The app's port is needed before the provider (redirect_uris) and the app (PUBLIC_URL) exist.
  const probe = createServer();
  const appPort = await listen(probe, '127.0.0.1');
  await closeServer(probe);
  appUrl = `http://127.0.0.1:${appPort}`;

  const { address: providerHost } = await lookup('localhost');
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  providerServer = createServer((req, res) => handle(req, res));
  issuer = `http://localhost:${await listen(providerServer, providerHost)}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/callback`],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'picture'],
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    jwks: {
      keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
    },
    findAccount: async (_ctx: unknown, id: string) =>
      accounts[id] && { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) },
  });
  const providerCallback = provider.callback();

  // Stands in for a log-in and consent screen: logs in `nextAccount` and grants what was asked.
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const accountId: string = details.session?.accountId ?? nextAccount;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
  };
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerCallback(req, res);
    interact(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  };

  t = await buildTestApp({
    AUTH_PROVIDER: 'oidc',
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    PUBLIC_URL: appUrl,
  });
  await t.app.listen({ host: '127.0.0.1', port: appPort });
});

afterAll(async () => {
  await t?.close();
  await closeServer(providerServer);
});

/** A browser's cookie store: per host, with paths honoured; expired or emptied cookies are dropped. */
class Browser {
  readonly cookies = new Map<string, { host: string; name: string; path: string; value: string }>();

  cookie(name: string, host = new URL(appUrl).host) {
    return [...this.cookies.values()].find((c) => c.host === host && c.name === name)?.value;
  }

  async get(url: URL): Promise<Response> {
    const cookie = [...this.cookies.values()]
      .filter((c) => c.host === url.host && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const res = await fetch(url, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone =
        value === '' || Number(attr('max-age') ?? 1) <= 0 || (expires && Date.parse(expires) < Date.now());
      const key = `${url.host} ${name} ${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { host: url.host, name, path, value });
    }
    return res;
  }
}

/**
 * Follows GET /api/login through the provider back to /api/callback and returns the callback's answer.
 * `beforeCallback` may change the callback URL or the browser first, as an attacker or a lost cookie would.
 */
async function signInFlow(
  browser: Browser,
  beforeCallback?: (url: URL) => URL | undefined,
  start = '/api/login',
) {
  let url = new URL(start, appUrl);
  for (let hop = 0; hop < 10; hop++) {
    const isCallback = url.origin === appUrl && url.pathname === '/api/callback';
    if (isCallback && beforeCallback) url = beforeCallback(url) ?? url;
    const res = await browser.get(url);
    const location = res.headers.get('location');
    if (isCallback) return { status: res.status, location, setCookies: res.headers.getSetCookie() };
    if (res.status < 300 || res.status > 399 || !location) throw new Error(`${url} answered ${res.status}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

const me = (browser: Browser) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    cookies: browser.cookie('tl_session') ? { tl_session: browser.cookie('tl_session')! } : {},
  });

const sessionSetIn = (setCookies: string[]) =>
  setCookies.some((c) => c.startsWith('tl_session=') && !c.startsWith('tl_session=;'));

describe('OIDC sign-in', () => {
  const browser = new Browser();

  it('signs in through the provider and creates the user from the claims', async () => {
    accounts.alice = {
      email: 'Alice@Example.TEST',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Liddell',
      picture: 'https://images.example.test/alice.png',
    };
    nextAccount = 'alice';

    const login = await fetch(`${appUrl}/api/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${appUrl}/api/callback`,
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const flowCookie = login.headers.getSetCookie().find((c) => c.startsWith('tl_oidc_flow='))!;
    expect(flowCookie).toMatch(/; Max-Age=600/);
    expect(flowCookie).toMatch(/; Path=\/api\//);
    expect(flowCookie).toMatch(/; HttpOnly/);
    expect(flowCookie).toMatch(/; SameSite=Lax/);
    expect(flowCookie).not.toMatch(/; Secure/);

    const done = await signInFlow(browser);
    expect(done).toMatchObject({ status: 302, location: '/' });
    expect(browser.cookie('tl_oidc_flow')).toBeUndefined();

    const res = await me(browser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'alice@example.test',
      firstName: 'Alice',
      lastName: 'Liddell',
      // No remote picture is kept: every member's browser would fetch it from the issuer's chosen host.
      profileImageUrl: null,
      displayName: null,
      plan: 'free',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row!.oidcSubject).toBe(`${issuer}|alice`);
    expect(row!.passwordHash).toBeNull();
  });

  it('reuses the user on the next sign-in, rotates the session and keeps what the user chose', async () => {
    const before = (await me(browser)).json();
    const oldSession = browser.cookie('tl_session')!;
    await t.database.db
      .update(users)
      .set({ displayName: 'Queen Alice', bio: 'Curiouser' })
      .where(eq(users.id, before.id));
    accounts.alice = { ...accounts.alice, given_name: 'Alicia', picture: undefined };

    const done = await signInFlow(browser);
    expect(done).toMatchObject({ status: 302, location: '/' });
    expect(browser.cookie('tl_session')).not.toBe(oldSession);

    const after = await me(browser);
    expect(after.json()).toMatchObject({
      id: before.id,
      firstName: 'Alicia',
      lastName: 'Liddell',
      displayName: 'Queen Alice',
      bio: 'Curiouser',
      profileImageUrl: null,
    });
    const stale = await t.app.inject({ url: '/api/auth/user', cookies: { tl_session: oldSession } });
    expect(stale.statusCode).toBe(401);
  });

  it('a re-authentication makes the provider ask again, and its fresh sign-in may delete the account', async () => {
    const first = await browser.get(new URL('/api/login?reauth=1&returnTo=/profile', appUrl));
    const authorize = new URL(first.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('login');
    expect(authorize.searchParams.get('max_age')).toBe('0');
    const done = await signInFlow(browser, undefined, '/api/login?reauth=1&returnTo=/profile');
    expect(done).toMatchObject({ status: 302, location: '/profile' });
    // A plain sign-in asks for neither.
    const plain = await browser.get(new URL('/api/login', appUrl));
    expect(new URL(plain.headers.get('location')!).searchParams.get('prompt')).toBeNull();
  });

  it('GET /api/logout destroys the session', async () => {
    const session = browser.cookie('tl_session')!;
    expect((await me(browser)).statusCode).toBe(200);
    const res = await browser.get(new URL('/api/logout', appUrl));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const stale = await t.app.inject({ url: '/api/auth/user', cookies: { tl_session: session } });
    expect(stale.statusCode).toBe(401);
  });
});

describe('OIDC deep links', () => {
  it('returns to the validated path the sign-in started from, and never to another site', async () => {
    accounts.gina = { email: 'gina@example.test', email_verified: true, given_name: 'Gina' };
    nextAccount = 'gina';
    const start = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
    const deep = await signInFlow(new Browser(), undefined, start('/timeline/abc?tab=1'));
    expect(deep).toMatchObject({ status: 302, location: '/timeline/abc?tab=1' });
    for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      expect(await signInFlow(new Browser(), undefined, start(evil))).toMatchObject({ location: '/' });
    }
  });
});

describe('OIDC sign-in failures', () => {
  it('refuses a callback whose state does not match', async () => {
    accounts.bob = { email: 'bob@example.test', email_verified: true, given_name: 'Bob' };
    nextAccount = 'bob';
    const browser = new Browser();
    const done = await signInFlow(browser, (url) => {
      url.searchParams.set('state', 'forged-state');
      return url;
    });
    expect(done).toMatchObject({ status: 302, location: '/?signin=failed' });
    expect(sessionSetIn(done.setCookies)).toBe(false);
    expect((await me(browser)).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, `${issuer}|bob`));
    expect(row).toBeUndefined();
  });

  it('refuses a callback without the flow cookie', async () => {
    nextAccount = 'bob';
    const browser = new Browser();
    const done = await signInFlow(browser, () => {
      for (const [key, c] of browser.cookies) if (c.name === 'tl_oidc_flow') browser.cookies.delete(key);
      return undefined;
    });
    expect(done).toMatchObject({ status: 302, location: '/?signin=failed' });
    expect(sessionSetIn(done.setCookies)).toBe(false);
    expect((await me(browser)).statusCode).toBe(401);
  });

  it('refuses a callback carrying an error from the provider', async () => {
    nextAccount = 'bob';
    const browser = new Browser();
    const done = await signInFlow(browser, (url) => {
      const failed = new URL('/api/callback', appUrl);
      failed.searchParams.set('error', 'access_denied');
      failed.searchParams.set('state', url.searchParams.get('state')!);
      return failed;
    });
    expect(done).toMatchObject({ status: 302, location: '/?signin=failed' });
    expect((await me(browser)).statusCode).toBe(401);
  });

  it('refuses a tampered flow cookie', async () => {
    const res = await t.app.inject({
      url: '/api/callback?code=x&state=y',
      cookies: {
        tl_oidc_flow: JSON.stringify({ verifier: 'v', state: 'y', nonce: 'n', exp: Date.now() + 1e6 }),
      },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?signin=failed');
  });
});

describe('OIDC accounts and e-mail', () => {
  it('links a verified e-mail to an existing account without an OIDC identity', async () => {
    const existing = await buildUser(t.database.db, { email: 'carol@example.test', firstName: 'Caroline' });
    accounts.carol = { email: 'carol@example.test', email_verified: true, given_name: 'Carol' };
    nextAccount = 'carol';
    const browser = new Browser();
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    expect((await me(browser)).json()).toMatchObject({ id: existing.id, firstName: 'Carol' });
  });

  it('signs in without the e-mail when it is unverified and already taken', async () => {
    const taken = await buildUser(t.database.db, { email: 'dave@example.test' });
    accounts.dave = { email: 'dave@example.test', email_verified: false, given_name: 'Dave' };
    nextAccount = 'dave';
    const browser = new Browser();
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    const res = (await me(browser)).json();
    expect(res).toMatchObject({ email: null, firstName: 'Dave' });
    expect(res.id).not.toBe(taken.id);
  });

  it('keeps no e-mail the issuer has not verified', async () => {
    for (const email_verified of [false, undefined]) {
      accounts.hana = { email: 'hana@example.test', email_verified, given_name: 'Hana' };
      nextAccount = 'hana';
      const browser = new Browser();
      expect(await signInFlow(browser)).toMatchObject({ location: '/' });
      expect((await me(browser)).json()).toMatchObject({ email: null, firstName: 'Hana' });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'hana@example.test'));
    expect(row).toBeUndefined();
  });

  it('keeps the old e-mail when the new one belongs to another account', async () => {
    accounts.erin = { email: 'erin@example.test', email_verified: true };
    nextAccount = 'erin';
    const browser = new Browser();
    await signInFlow(browser);
    accounts.erin = { email: 'alice@example.test', email_verified: true, family_name: 'Example' };
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    expect((await me(browser)).json()).toMatchObject({ email: 'erin@example.test', lastName: 'Example' });
  });

  it('keeps a picture the user uploaded', async () => {
    accounts.frank = { picture: 'https://images.example.test/frank.png' };
    nextAccount = 'frank';
    const browser = new Browser();
    await signInFlow(browser);
    const { id } = (await me(browser)).json();
    await t.database.db
      .update(users)
      .set({ profileImageUrl: '/objects/avatars/frank.webp' })
      .where(eq(users.id, id));
    accounts.frank = { picture: 'https://images.example.test/frank-new.png' };
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    expect((await me(browser)).json().profileImageUrl).toBe('/objects/avatars/frank.webp');
  });

  it('drops a remote picture kept from the claims before, at the next sign-in', async () => {
    accounts.gus = { given_name: 'Gus', picture: 'https://images.example.test/gus.png' };
    nextAccount = 'gus';
    const browser = new Browser();
    await signInFlow(browser);
    const { id, profileImageUrl } = (await me(browser)).json();
    expect(profileImageUrl).toBeNull();
    await t.database.db
      .update(users)
      .set({ profileImageUrl: 'https://images.example.test/gus.png' })
      .where(eq(users.id, id));
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    expect((await me(browser)).json().profileImageUrl).toBeNull();
  });
});

describe('a disabled OIDC account (npm run admin -- users disable)', () => {
  it('is refused with 403 after the provider signed it in, its session ends, and enable lets it in again', async () => {
    accounts.hana = { email: 'hana@example.test', email_verified: true, given_name: 'Hana' };
    nextAccount = 'hana';
    const browser = new Browser();
    expect(await signInFlow(browser)).toMatchObject({ location: '/' });
    expect((await me(browser)).statusCode).toBe(200);

    await disableUser(t.database.db, 'hana@example.test');
    expect((await me(browser)).statusCode).toBe(401);
    // A fresh browser: the provider signs Hana in again, the app refuses her (JSON, as a password sign-in).
    const refused = await signInFlow(new Browser());
    expect(refused.status).toBe(403);
    expect(sessionSetIn(refused.setCookies)).toBe(false);

    await enableUser(t.database.db, 'hana@example.test');
    const again = new Browser();
    expect(await signInFlow(again)).toMatchObject({ status: 302, location: '/' });
    expect((await me(again)).json()).toMatchObject({ email: 'hana@example.test' });
  });
});

describe('with AUTH_PROVIDER=oidc', () => {
  it('has no local registration or password sign-in', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: 'x@example.test', password: 'long enough' },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers 503 while discovery fails, never a 500 on the callback, and retries later', async () => {
    // An issuer that is down at first and then serves a minimal discovery document.
    let up = false;
    const flaky = createServer((_req, res) => {
      if (!up) {
        res.statusCode = 503;
        return res.end();
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer: flakyIssuer, authorization_endpoint: `${flakyIssuer}/auth` }));
    });
    const flakyIssuer = `http://127.0.0.1:${await listen(flaky, '127.0.0.1')}`;
    const down = await buildTestApp({
      AUTH_PROVIDER: 'oidc',
      OIDC_ISSUER_URL: flakyIssuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PUBLIC_URL: 'http://127.0.0.1:9',
    });
    try {
      const login = await down.app.inject({ url: '/api/login' });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message: 'Sign-in provider unavailable' });
      const callback = await down.app.inject({ url: '/api/callback?code=x&state=y' });
      expect(callback.headers.location).toBe('/?signin=failed');

      up = true;
      const retried = await down.app.inject({ url: '/api/login' });
      expect(retried.statusCode).toBe(302);
      expect(retried.headers.location).toMatch(new RegExp(`^${flakyIssuer}/auth\\?`));
    } finally {
      await down.close();
      await closeServer(flaky);
    }
  });
});

describe('an OIDC issuer that cannot be reached at start-up', () => {
  it('is logged at once, naming OIDC_ISSUER_URL, and the app still starts', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const closed = createServer();
    const deadIssuer = `http://127.0.0.1:${await listen(closed, '127.0.0.1')}`;
    await closeServer(closed);
    const app = await buildTestApp(
      {
        AUTH_PROVIDER: 'oidc',
        OIDC_ISSUER_URL: deadIssuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        PUBLIC_URL: 'http://127.0.0.1:9',
      },
      { logger: { level: 'info', stream } },
    );
    try {
      for (let i = 0; i < 50 && !lines.some((l) => l.includes('OIDC_ISSUER_URL')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const line = JSON.parse(lines.find((l) => l.includes('OIDC_ISSUER_URL'))!);
      expect(line.level).toBe(50);
      expect(line.msg).toContain(`OIDC_ISSUER_URL ${deadIssuer} could not be used`);
      expect(line.msg).toContain('sign-in will try again');
      expect((await app.app.inject({ url: '/api/meta' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
