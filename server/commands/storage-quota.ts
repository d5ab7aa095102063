// The uploader's storage quota (DECISIONS §4): users.storageUsedBytes goes up when an upload is stored and
// down when it is removed. Both run inside the caller's transaction; the charge is one conditional UPDATE,
// so parallel charges can never take a user past the plan's limit.
import { eq, sql } from 'drizzle-orm';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, type Plan, storageBytesFor } from '../../common/plans.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';

/** The plan's storage in bytes, or null when BILLING_PROVIDER=off (no limits). */
export function storageLimitFor(config: Config, plan: string): number | null {
  if (config.billing.provider === 'off') return null;
  return storageBytesFor((plan in PLAN_LIMITS ? plan : 'free') as Plan);
}

export const storageLimitReached = (limit: number) =>
  new HttpError(413, PLAN_LIMIT_MESSAGES.storage, { planUpgradeRequired: true, limit });

/**
 * Adds `bytes` to the user's storage, or throws 413 "Storage limit reached" when that would pass the plan's
 * limit. Atomic: the check and the addition are one UPDATE, which waits for any other charge on the row.
 */
export async function chargeStorage(tx: Db, userId: string, bytes: number, config: Config): Promise<void> {
  if (bytes < 0) throw new Error('chargeStorage: bytes must not be negative');
  if (config.billing.provider === 'off') {
    await tx
      .update(users)
      .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}` })
      .where(eq(users.id, userId));
    return;
  }
  // The limit comes from the plan in the same row, read under the row lock the UPDATE takes.
  const limitSql = sql`(case ${users.plan} ${sql.join(
    Object.keys(PLAN_LIMITS).map((plan) => sql`when ${plan} then ${storageBytesFor(plan as Plan)}::bigint`),
    sql` `,
  )} else ${storageBytesFor('free')}::bigint end)`;
  const charged = await tx
    .update(users)
    .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}` })
    .where(sql`${users.id} = ${userId} and ${users.storageUsedBytes} + ${bytes} <= ${limitSql}`)
    .returning({ id: users.id });
  if (charged.length === 0) {
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
    throw storageLimitReached(storageLimitFor(config, user?.plan ?? 'free')!);
  }
}

/** Takes `bytes` off the user's storage (never below zero). */
export async function releaseStorage(tx: Db, userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await tx
    .update(users)
    .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}, 0)` })
    .where(eq(users.id, userId));
}

/**
 * An early refusal when a declared size alone would pass the limit (the real charge happens when the bytes
 * are stored). Not a reservation: it only spares the uploader a transfer that cannot succeed.
 */
export async function assertStorageAvailable(db: Db, config: Config, userId: string, bytes: number) {
  if (config.billing.provider === 'off') return;
  const [user] = await db
    .select({ plan: users.plan, used: users.storageUsedBytes })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const limit = storageLimitFor(config, user.plan)!;
  if (user.used + bytes > limit) throw storageLimitReached(limit);
}
