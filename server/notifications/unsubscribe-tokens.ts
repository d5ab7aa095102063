// Signed unsubscribe tokens (issue 27; RFC 8058): they name a user and what to turn off, expire after
// NOTIFICATIONS.unsubscribeTokenTtlMs and need no sign-in. HMAC-SHA256 with a key derived from the session
// secret, so every instance sharing SESSION_SECRET accepts the others' tokens; the secret itself never signs
// anything else than sessions (as server/storage/signing.ts). Nothing is stored: a token stays valid until it
// expires, and using it twice only says the same thing again.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import { UNSUBSCRIBE_TOKEN_PATTERN, type UnsubscribeKind } from '../../common/unsubscribe.ts';

export type TokenCheck =
  | { ok: true; userId: string; kind: UnsubscribeKind }
  | { ok: false; why: 'invalid' | 'expired' };

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret?: string) {
    this.key = secret
      ? createHmac('sha256', secret).update('threadline:unsubscribe-tokens:v1').digest()
      : randomBytes(32);
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** A token for `userId` and `kind`, valid until `now` + the TTL (milliseconds). */
  sign(userId: string, kind: UnsubscribeKind, now = Date.now()): string {
    const expires = Math.floor((now + NOTIFICATIONS.unsubscribeTokenTtlMs) / 1000);
    const payload = `${userId}.${kind}.${expires}`;
    return `${payload}.${this.signature(payload)}`;
  }

  /** Who and what a token names, or why it is refused. `now` in milliseconds. */
  verify(token: string, now = Date.now()): TokenCheck {
    const match = UNSUBSCRIBE_TOKEN_PATTERN.exec(token);
    if (!match) return { ok: false, why: 'invalid' };
    const [, userId, kind, expires, sig] = match;
    // Compared as the text it is (both 43 characters): decoding would accept other spellings of the last one.
    const expected = Buffer.from(this.signature(`${userId}.${kind}.${expires}`));
    if (!timingSafeEqual(expected, Buffer.from(sig!))) return { ok: false, why: 'invalid' };
    if (Number(expires) * 1000 < now) return { ok: false, why: 'expired' };
    return { ok: true, userId: userId!, kind: kind as UnsubscribeKind };
  }
}
