// POST /api/notifications/unsubscribe?token= (issue 27; RFC 8058): a signed token turns one kind of mail (or
// the digest) off without signing in; forged and expired tokens are refused with a clear 400; a GET never
// unsubscribes (mail scanners follow links), it leads to the page.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, MAIL_KINDS, NOTIFICATIONS } from '../../common/notifications.ts';
import {
  UNSUBSCRIBE_KINDS,
  UNSUBSCRIBE_LINK_EXPIRED,
  UNSUBSCRIBE_LINK_INVALID,
  type UnsubscribeKind,
  unsubscribedMessage,
} from '../../common/unsubscribe.ts';
import { users } from '../db/schema/index.ts';
import { UnsubscribeTokens } from '../notifications/unsubscribe-tokens.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser, callerFor, signedInUser } from '../test/factories.ts';

const t = setupTestApp({ PUBLIC_URL: 'http://app.example.test' });
const URL_PATH = '/api/notifications/unsubscribe';
const ONE_CLICK = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
};

const tokenFor = (userId: string, kind: UnsubscribeKind, now?: number) =>
  t.app.notificationMail.tokens.sign(userId, kind, now);
const post = (token: string, extra: { headers?: Record<string, string>; payload?: string } = ONE_CLICK) =>
  t.app.inject({ method: 'POST', url: `${URL_PATH}?token=${encodeURIComponent(token)}`, ...extra });
const userRow = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('one-click unsubscribe', () => {
  for (const kind of UNSUBSCRIBE_KINDS.filter((k) => k !== 'digest')) {
    it(`turns ${kind} off, and that kind alone, with no cookie`, async () => {
      const user = await buildUser(t.app.db);
      const res = await post(tokenFor(user.id, kind));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ kind, message: unsubscribedMessage(kind) });
      const row = await userRow(user.id);
      expect(row.notificationPrefs).toEqual({
        ...DEFAULT_NOTIFICATION_PREFS,
        email: { ...DEFAULT_NOTIFICATION_PREFS.email, [kind]: 'never' },
      });
      expect(row.digestDueAt).not.toBeNull();
    });
  }

  it('the digest: set to never, and no next one due', async () => {
    const user = await buildUser(t.app.db, {
      notificationPrefs: {
        email: { ...DEFAULT_NOTIFICATION_PREFS.email, messages: 'digest' },
        digest: 'daily',
      },
    });
    expect((await post(tokenFor(user.id, 'digest'))).json()).toEqual({
      kind: 'digest',
      message: 'Done: you will no longer get the Threadline digest.',
    });
    const row = await userRow(user.id);
    expect(row.notificationPrefs).toEqual({
      email: { ...DEFAULT_NOTIFICATION_PREFS.email, messages: 'digest' },
      digest: 'never',
    });
    expect(row.digestDueAt).toBeNull();
  });

  it('the signed-in preferences read the change; using the link again says the same', async () => {
    const ada = await signedInUser(t.app);
    const token = tokenFor(ada.user.id, 'messages');
    expect((await post(token)).statusCode).toBe(200);
    expect((await post(token)).json()).toEqual({
      kind: 'messages',
      message: unsubscribedMessage('messages'),
    });
    const prefs = (await ada.as.get('/api/me/notification-preferences')).json();
    expect(prefs.email.messages).toBe('never');
    expect(prefs.email.mentions).toBe('immediately');
  });

  it('accepts a multipart body, an empty JSON-less post (the page), and a post from another site', async () => {
    const user = await buildUser(t.app.db);
    const boundary = 'xyz';
    const multipart = await post(tokenFor(user.id, 'mentions'), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect((await post(tokenFor(user.id, 'messages'), {})).statusCode).toBe(200);
    // A webmail page posting it: the token, not the origin, is what authorises it.
    const crossSite = await post(tokenFor(user.id, 'joinRequests'), {
      ...ONE_CLICK,
      headers: { ...ONE_CLICK.headers, origin: 'https://mail.example.org', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(200);
    expect((await userRow(user.id)).notificationPrefs?.email).toMatchObject({
      mentions: 'never',
      messages: 'never',
      joinRequests: 'never',
      requestOutcomes: 'immediately',
    });
    // Other routes still refuse another site.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { origin: 'https://mail.example.org' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('signed in as someone else: the token’s user is unsubscribed, not the caller', async () => {
    const owner = await buildUser(t.app.db);
    const caller = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL_PATH}?token=${tokenFor(owner.id, 'mentions')}`,
      headers: { cookie: caller.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(owner.id)).notificationPrefs?.email?.mentions).toBe('never');
    expect((await userRow(caller.user.id)).notificationPrefs).toBeNull();
  });

  it('a deleted account: answered as done, and its row is left as it is', async () => {
    const user = await buildUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date(), email: null }).where(eq(users.id, user.id));
    const res = await post(tokenFor(user.id, 'mentions'));
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).notificationPrefs).toBeNull();
  });
});

describe('refused tokens', () => {
  it('forged: another signature, another key, another user or kind under a valid signature', async () => {
    const user = await buildUser(t.app.db);
    const other = await buildUser(t.app.db);
    const good = tokenFor(user.id, 'mentions');
    const [id, kind, expires, sig] = good.split('.') as [string, string, string, string];
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    const forged = [
      `${id}.${kind}.${expires}.${flipped}`,
      // The same bytes once decoded (the last character's spare bits): still not the signature as issued.
      `${id}.${kind}.${expires}.${sig.slice(0, -1)}${sig.at(-1) === 'A' ? 'B' : 'A'}`,
      new UnsubscribeTokens('another-secret-that-is-long-enough-0123').sign(user.id, 'mentions'),
      `${other.id}.${kind}.${expires}.${sig}`,
      `${id}.messages.${expires}.${sig}`,
      `${id}.${kind}.${Number(expires) + 1}.${sig}`,
      'not-a-token',
      '',
      `${id}.everything.${expires}.${sig}`,
    ];
    for (const token of forged) {
      const res = await post(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ message: UNSUBSCRIBE_LINK_INVALID });
    }
    expect((await userRow(user.id)).notificationPrefs).toBeNull();
    expect((await userRow(other.id)).notificationPrefs).toBeNull();
  });

  it('expired: signed longer ago than the token lifetime', async () => {
    const user = await buildUser(t.app.db);
    const old = tokenFor(user.id, 'mentions', Date.now() - NOTIFICATIONS.unsubscribeTokenTtlMs - 2000);
    const res = await post(old);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_LINK_EXPIRED });
    expect((await userRow(user.id)).notificationPrefs).toBeNull();
    // Just within its lifetime, it works.
    const recent = tokenFor(user.id, 'mentions', Date.now() - NOTIFICATIONS.unsubscribeTokenTtlMs + 60_000);
    expect((await post(recent)).statusCode).toBe(200);
  });

  it('no token, a token too long, a body too large: 4xx with a message', async () => {
    const none = await t.app.inject({ method: 'POST', url: URL_PATH, ...ONE_CLICK });
    expect(none.statusCode).toBe(400);
    expect(typeof none.json().message).toBe('string');
    expect((await post('x'.repeat(301))).statusCode).toBe(400);
    const user = await buildUser(t.app.db);
    const big = await post(tokenFor(user.id, 'mentions'), { ...ONE_CLICK, payload: 'a='.padEnd(4000, 'b') });
    expect(big.statusCode).toBe(413);
    expect(typeof big.json().message).toBe('string');
  });
});

describe('GET', () => {
  it('never unsubscribes: it leads to the page, which asks for a click', async () => {
    const user = await buildUser(t.app.db);
    const token = tokenFor(user.id, 'messages');
    const res = await callerFor(t.app).get(`${URL_PATH}?token=${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect((await userRow(user.id)).notificationPrefs).toBeNull();
  });
});

describe('the kinds', () => {
  it('are the mail kinds and the digest', () => {
    expect(UNSUBSCRIBE_KINDS).toEqual([...MAIL_KINDS, 'digest']);
  });
});
