// Push devices (issue 27): each browser that opted in, stored against the user and the session it was enabled
// in, so signing out there (the session row goes) removes it by cascade.
import { ECDH } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';

export interface NewSubscription {
  userId: string;
  sessionKey: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Why the browser's keys cannot encrypt a push (RFC 8291), or null when they can. */
export function subscriptionKeysProblem(p256dh: string, auth: string): string | null {
  const base64url = /^[A-Za-z0-9_-]+=*$/;
  if (!base64url.test(p256dh) || !base64url.test(auth)) return 'The subscription keys must be base64url';
  try {
    // Throws unless it is a point on P-256 (65 bytes, uncompressed).
    const point = Buffer.from(p256dh, 'base64url');
    if (point.length !== 65) throw new Error('length');
    ECDH.convertKey(point, 'prime256v1');
  } catch {
    return 'The subscription key p256dh is not a P-256 public key';
  }
  if (Buffer.from(auth, 'base64url').length !== 16) return 'The subscription key auth must be 16 bytes';
  return null;
}

/**
 * Stores the device (the same endpoint again: updated, moved to this user and session) and keeps the user's
 * newest NOTIFICATIONS.maxPushDevices: the oldest go, since nobody can see or manage a list of them. Counted
 * under the user's advisory lock, so devices added at once on several instances never pass the cap together.
 */
export async function saveSubscription(
  db: Db,
  sub: NewSubscription,
  max: number = NOTIFICATIONS.maxPushDevices,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push-devices:${sub.userId}`}, 0))`);
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values(sub)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: sub.userId,
          sessionKey: sub.sessionKey,
          p256dh: sub.p256dh,
          auth: sub.auth,
          createdAt: sql`now()`,
        },
      })
      .returning();
    const over = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, sub.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(max);
    if (over.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          over.map((o) => o.id),
        ),
      );
    }
    return saved!;
  });
}

/** Removes the user's device with this endpoint; false when the user has none (another's is not theirs). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The user's devices, newest first. */
export function subscriptionsOf(db: Db, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}
