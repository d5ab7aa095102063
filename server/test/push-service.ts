// A push service for tests (RFC 8030), on 127.0.0.1 over plain HTTP: it receives what the server sends to a
// browser's endpoint, checks the VAPID JWT (RFC 8292: ES256 with the key in the Authorization header, aud =
// the endpoint's origin, exp in the future and within 24 hours, sub a mailto: or https: contact) and decrypts
// the aes128gcm payload (RFC 8188, RFC 8291) with the subscription's own private key, written here from the
// RFCs with Node's crypto, not with the library the server encrypts with.
//   const push = await startPushService();
//   const sub = push.subscribe();                       // {endpoint, keys: {p256dh, auth}}, as a browser's toJSON()
//   ... the app pushes ...
//   const got = await push.next();                      // {subscription, payload: {text, href}, claims}
//   push.answer(sub, 410);                              // the next pushes to it are answered 410 Gone
// The app needs PUSH_ENDPOINT_HOSTS=127.0.0.1 and PUSH_ALLOW_HTTP_LOOPBACK=true (test runs only).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The endpoint it was sent to. */
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request named (k=). */
  vapidKey: string;
  headers: IncomingMessage['headers'];
  /** What the service answered. */
  status: number;
}

interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  status: number;
  /** The applicationServerKey it was subscribed with: pushes signed with another key are refused (403). */
  serverKey?: string;
  /** Requests wait on this before they are read (hold()). */
  held?: Promise<void>;
}

export interface PushService {
  /** http://127.0.0.1:port */
  origin: string;
  /**
   * A new device: its key pair and auth secret are made here and never leave the service's memory. With
   * `serverKey` (the applicationServerKey a browser subscribes with), pushes signed with another key are refused.
   */
  subscribe(serverKey?: string): TestSubscription;
  /** What to answer to pushes to `sub` from now on (default 201 Created). */
  answer(sub: TestSubscription, status: number): void;
  /** Holds requests to `sub` unanswered until the returned function is called. */
  hold(sub: TestSubscription): () => void;
  /** Every push received and accepted so far, in order. */
  received: ReceivedPush[];
  /** Requests refused because a check failed (each with why): a test expects none. */
  rejected: { endpoint: string; why: string }[];
  /** The next push not yet taken by `next` (waiting up to `timeoutMs`, default 5 s). */
  next(opts?: { timeoutMs?: number; where?: (push: ReceivedPush) => boolean }): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** The VAPID JWT of an `Authorization: vapid t=..., k=...` header, checked; throws with why it fails. */
export function checkVapid(authorization: string | undefined, audience: string, nowSec = Date.now() / 1000) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('t is not a JWT');
  const [head, body, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header.alg !== 'ES256') throw new Error(`JWT alg is ${header.alg}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== audience) throw new Error(`JWT aud is ${claims.aud}, not ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSec) throw new Error('JWT has expired');
  if (claims.exp > nowSec + 24 * 60 * 60) throw new Error('JWT exp is more than 24 hours away');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error(`JWT sub is not a mailto: or https: contact: ${claims.sub}`);
  }
  return { claims: claims as ReceivedPush['claims'], key };
}

/** RFC 8291's key derivation: the content key and nonce of one aes128gcm message. */
function derive(ecdh: ECDH, auth: Buffer, senderKey: Buffer, salt: Buffer) {
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  return { cek, nonce };
}

/** Decrypts an aes128gcm body (RFC 8188) sent to the device with key pair `ecdh` and `auth`. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not the sender's 65-byte public key`);
  const { cek, nonce } = derive(ecdh, auth, senderKey, salt);
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, at + rs);
    // The record's nonce: the base nonce XOR its sequence number (a small one: the low 32 bits suffice).
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const rejected: PushService['rejected'] = [];
  /** Received and not yet taken by next(). */
  const unclaimed: ReceivedPush[] = [];
  const waiters = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const endpoint = `${origin}${req.url}`;
      const device = devices.get(endpoint);
      await device?.held;
      if (res.destroyed) return;
      const refuse = (status: number, why: string) => {
        rejected.push({ endpoint, why });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
        for (const wake of waiters) wake();
      };
      if (req.method !== 'POST' || !device) return refuse(404, 'no such subscription');
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('no TTL header');
        const { claims, key } = checkVapid(req.headers.authorization, origin);
        if (device.serverKey && key !== device.serverKey) {
          return refuse(403, 'signed with another key than the one the device subscribed with');
        }
        const plain = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth);
        const push = {
          endpoint,
          payload: JSON.parse(plain.toString('utf8')),
          claims,
          vapidKey: key,
          headers: req.headers,
          status: device.status,
        };
        received.push(push);
        unclaimed.push(push);
      } catch (err) {
        return refuse(400, (err as Error).message);
      }
      res.writeHead(device.status).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    subscribe(serverKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      devices.set(endpoint, { endpoint, ecdh, auth, status: 201, serverKey });
      return { endpoint, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(sub, status) {
      const device = devices.get(sub.endpoint);
      if (!device) throw new Error('unknown subscription');
      device.status = status;
    },
    hold(sub) {
      const device = devices.get(sub.endpoint);
      if (!device) throw new Error('unknown subscription');
      let release!: () => void;
      device.held = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        device.held = undefined;
        release();
      };
    },
    async next({ timeoutMs = 5000, where = () => true } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (rejected.length > 0) throw new Error(`push service refused a push: ${rejected[0]!.why}`);
        const index = unclaimed.findIndex(where);
        if (index >= 0) return unclaimed.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no push arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
