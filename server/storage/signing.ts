// Signed, short-lived URLs for the local backend's upload endpoint (DECISIONS §7). The key is derived from
// the session secret, so every instance sharing SESSION_SECRET accepts the others' URLs; the secret itself
// never signs anything else than sessions.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SignedAction = { kind: 'put'; id: string } | { kind: 'part'; id: string; partNumber: number };

const payload = (action: SignedAction, expires: number) =>
  action.kind === 'put'
    ? `put\n${action.id}\n${expires}`
    : `part\n${action.id}\n${action.partNumber}\n${expires}`;

export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret?: string) {
    this.key = secret
      ? createHmac('sha256', secret).update('threadline:local-upload-urls:v1').digest()
      : randomBytes(32);
  }

  sign(action: SignedAction, expires: number): string {
    return createHmac('sha256', this.key).update(payload(action, expires)).digest('hex');
  }

  /** 'ok', or why the URL is refused. `now` in unix seconds. */
  verify(
    action: SignedAction,
    expires: unknown,
    sig: unknown,
    now = Math.floor(Date.now() / 1000),
  ): 'ok' | 'invalid' | 'expired' {
    if (typeof expires !== 'string' || typeof sig !== 'string') return 'invalid';
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
    const expected = Buffer.from(this.sign(action, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
    return Number(expires) < now ? 'expired' : 'ok';
  }
}
