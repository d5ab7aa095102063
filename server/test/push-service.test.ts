// The tests' push service checks what a real one would (server/test/push-service.ts): a request it accepts
// proves the JWT and the encryption right, so it must refuse forged, misaddressed and undecryptable ones.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateVapidKeys } from '../push/keys.ts';
import { checkVapid, decryptAes128gcm, type PushService, startPushService } from './push-service.ts';

const keys = generateVapidKeys();
const vapid = (audience: string, seconds = 3600) =>
  webpush.getVapidHeaders(
    audience,
    'mailto:ops@example.test',
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    Math.floor(Date.now() / 1000) + seconds,
  ).Authorization as string;

describe('checkVapid', () => {
  it('accepts a JWT signed with k for this audience', () => {
    const { claims, key } = checkVapid(vapid('http://127.0.0.1:9'), 'http://127.0.0.1:9');
    expect(key).toBe(keys.publicKey);
    expect(claims.sub).toBe('mailto:ops@example.test');
  });

  it('refuses another audience, an expired token, a forged signature and another key', () => {
    expect(() => checkVapid(vapid('http://127.0.0.1:8'), 'http://127.0.0.1:9')).toThrow(/aud/);
    expect(() => checkVapid(vapid('http://127.0.0.1:9', -10), 'http://127.0.0.1:9')).toThrow(/expired/);
    const header = vapid('http://127.0.0.1:9');
    const forged = header.replace(/t=([^.]+)\.([^.]+)\./, (_, h, b) => {
      const claims = JSON.parse(Buffer.from(b, 'base64url').toString());
      return `t=${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mailto:evil@example.test' })).toString('base64url')}.`;
    });
    expect(() => checkVapid(forged, 'http://127.0.0.1:9')).toThrow(/signature/);
    const other = generateVapidKeys().publicKey;
    expect(() => checkVapid(header.replace(/k=.*$/, `k=${other}`), 'http://127.0.0.1:9')).toThrow(
      /signature/,
    );
    expect(() => checkVapid('Bearer x', 'http://127.0.0.1:9')).toThrow(/vapid t=/);
  });
});

describe('decryptAes128gcm', () => {
  it("opens web-push's encryption with the device's keys only", () => {
    const device = createECDH('prime256v1');
    device.generateKeys();
    const auth = randomBytes(16);
    const sub = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: device.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
    const { body } = webpush.generateRequestDetails(sub, '{"text":"hi","href":"/"}', {
      contentEncoding: 'aes128gcm',
    });
    expect(decryptAes128gcm(body, device, auth).toString()).toBe('{"text":"hi","href":"/"}');
    expect(() => decryptAes128gcm(body, device, randomBytes(16))).toThrow();
    const stranger = createECDH('prime256v1');
    stranger.generateKeys();
    expect(() => decryptAes128gcm(body, stranger, auth)).toThrow();
  });
});

describe('the push service', () => {
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  it('refuses a push to an unknown endpoint or signed with a key other than the subscription one', async () => {
    const res = await fetch(`${push.origin}/push/nobody`, { method: 'POST' });
    expect(res.status).toBe(404);
    const sub = push.subscribe(generateVapidKeys().publicKey);
    const { headers, body } = webpush.generateRequestDetails(sub, 'x', {
      contentEncoding: 'aes128gcm',
      vapidDetails: { subject: 'mailto:ops@example.test', ...keys },
    });
    const refused = await fetch(sub.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
      body: new Uint8Array(body),
    });
    expect(refused.status).toBe(403);
    expect(push.rejected.map((r) => r.why)).toEqual([
      'no such subscription',
      'signed with another key than the one the device subscribed with',
    ]);
    push.rejected.length = 0;
  });
});
