// Data exports prepared in the background (issue 26; DECISIONS §10): which accounts are too large to stream
// at once, one queued job per user, and the sweep that removes what is no longer offered. The worker that
// builds them is ./worker.ts; GET /api/me/export and /api/me/exports/{id} are in routes/me.ts.
import { and, count, eq, gt, inArray, isNotNull, lt, lte, min, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { dataExports, users } from '../db/schema/index.ts';
import type { ObjectStore } from '../storage/types.ts';

export interface ExportLimits {
  /** More rows than this (posts, comments, reactions, messages sent or received, files): background. */
  inlineMaxRows: number;
  /** More stored bytes than this: background. */
  inlineMaxBytes: number;
}

export const LIVE_STATUSES = ['queued', 'building'] as const;
/** Expired and failed rows stay this long (a mailed link then says "expired", not "not found"). */
export const EXPORT_ROWS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Whether the account holds more than `limits` let stream at once. Each count stops one row past the limit
 * (author and owner indexes), so a huge account costs no more to measure than a just-too-large one.
 */
export async function isLargeExport(db: Db, userId: string, limits: ExportLimits): Promise<boolean> {
  const cap = limits.inlineMaxRows + 1;
  const capped = (rows: SQL) => sql`(select count(*) from (${rows} limit ${cap}) capped)`;
  const files = sql`from uploads where owner_id = ${userId} and status in ('stored', 'attached')`;
  const result = await db.execute(sql`
    select
      ${capped(sql`select 1 from posts where author_id = ${userId}`)}
      + ${capped(sql`select 1 from comments where author_id = ${userId}`)}
      + ${capped(sql`select 1 from reactions where user_id = ${userId}`)}
      + ${capped(sql`select 1 from messages where conversation_id in (
          select id from conversations where initiator_id = ${userId}
          union all select id from conversations where recipient_id = ${userId})`)}
      + ${capped(sql`select 1 ${files}`)} as "rows",
      (select coalesce(sum(size), 0) ${files}) as "bytes"`);
  const [row] = (result as unknown as { rows: { rows: string | number; bytes: string | number }[] }).rows;
  return Number(row!.rows) > limits.inlineMaxRows || Number(row!.bytes) > limits.inlineMaxBytes;
}

/** The user's queued or building export, if any. */
export async function liveExport(db: Db, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, LIVE_STATUSES)))
    .limit(1);
  return row;
}

export type ExportRequest = { queued: true; created: boolean } | { queued: false; retryAfter: number };

/**
 * Queues an export for the user unless one is live already (the partial unique index decides between
 * parallel requests: one inserts, the others find it) or `limit.max` were asked for within `limit.windowMs`
 * (the jobs themselves are the count, so requests that find a live job cost nothing).
 */
export async function requestExport(
  db: Db,
  userId: string,
  limit: { max: number; windowMs: number },
  now = new Date(),
): Promise<ExportRequest> {
  const since = new Date(now.getTime() - limit.windowMs);
  const inserted = await db.execute(sql`
    insert into data_exports (user_id, created_at, next_attempt_at)
    select ${userId}, ${now}, ${now}
    where (select count(*) from data_exports where user_id = ${userId} and created_at > ${since}) < ${limit.max}
    on conflict do nothing
    returning id`);
  if ((inserted as unknown as { rows: unknown[] }).rows.length > 0) return { queued: true, created: true };
  const [recent] = await db
    .select({ count: count(), oldest: min(dataExports.createdAt) })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, since)));
  // Not over the limit: a live job was there (or ended a moment ago, its mail on the way).
  if (!recent || recent.count < limit.max || !recent.oldest) return { queued: true, created: false };
  if (await liveExport(db, userId)) return { queued: true, created: false };
  const wait = Math.ceil((recent.oldest.getTime() + limit.windowMs - now.getTime()) / 1000);
  return { queued: false, retryAfter: Math.max(1, wait) };
}

interface SweepDeps {
  db: Db;
  store: ObjectStore;
  log: FastifyBaseLogger;
}

export interface ExportSweep {
  /** Ready exports past their time whose objects were removed. */
  expired: number;
  /** Exports of deleted accounts removed, objects and rows. */
  discarded: number;
}

/**
 * Runs hourly with the other maintenance: ready exports past expires_at lose their object (the row stays a
 * week as "expired", so the mailed link says so), deleted accounts' exports go entirely (the account's row
 * stays as a tombstone, so no cascade takes them), and week-old expired and failed rows go.
 */
export async function sweepExports(deps: SweepDeps, now = new Date()): Promise<ExportSweep> {
  const { db, store, log } = deps;
  const result: ExportSweep = { expired: 0, discarded: 0 };
  for (;;) {
    const due = await db
      .select({ id: dataExports.id, objectKey: dataExports.objectKey })
      .from(dataExports)
      .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
      .limit(BATCH);
    let failed = false;
    for (const row of due) {
      try {
        if (row.objectKey) await store.delete(row.objectKey);
      } catch (err) {
        // Kept as it is: the next sweep tries again.
        log.warn({ err, exportId: row.id }, 'expired export object removal failed');
        failed = true;
        continue;
      }
      await db
        .update(dataExports)
        .set({ status: 'expired', objectKey: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')));
      result.expired++;
    }
    if (failed || due.length < BATCH) break;
  }
  result.discarded = await discardExports(deps, isNotNull(users.deletedAt));
  await db
    .delete(dataExports)
    .where(
      and(
        inArray(dataExports.status, ['expired', 'failed']),
        lt(dataExports.createdAt, new Date(now.getTime() - EXPORT_ROWS_KEPT_MS)),
      ),
    );
  if (result.expired + result.discarded > 0) log.info(result, 'data exports swept');
  return result;
}

/** Removes a deleted account's exports at once (DELETE /api/me, once the deletion has committed). */
export function discardExportsOf(deps: SweepDeps, userId: string): Promise<number> {
  return discardExports(deps, and(eq(users.id, userId), isNotNull(users.deletedAt))!);
}

/**
 * Objects, then rows, of the exports whose user matches `which`. A job being built loses its row: its worker
 * finds it gone when it finishes and removes what it wrote.
 */
async function discardExports(deps: SweepDeps, which: SQL): Promise<number> {
  const { db, store, log } = deps;
  let discarded = 0;
  for (;;) {
    const rows = await db
      .select({ id: dataExports.id, objectKey: dataExports.objectKey })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(which)
      .limit(BATCH);
    let failed = false;
    for (const row of rows) {
      try {
        if (row.objectKey) await store.delete(row.objectKey);
      } catch (err) {
        log.warn({ err, exportId: row.id }, 'deleted account export object removal failed');
        failed = true;
        continue;
      }
      await db.delete(dataExports).where(eq(dataExports.id, row.id));
      discarded++;
    }
    if (failed || rows.length < BATCH) return discarded;
  }
}
