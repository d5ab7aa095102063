// Attempt counters in PostgreSQL, shared by every instance: one upsert counts an attempt on all its keys.
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import type { AttemptStore, Counted } from './limiter.ts';

export class PostgresAttemptStore implements AttemptStore {
  constructor(private readonly db: Db) {}

  async hit(entries: { key: string; windowMs: number }[], now: number): Promise<Counted[]> {
    const at = new Date(now);
    // Sorted keys: two attempts sharing keys lock their rows in the same order, so they never deadlock.
    const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const ended = sql`${rateLimitCounters.resetAt} <= ${at}`;
    const rows = await this.db
      .insert(rateLimitCounters)
      .values(sorted.map((e) => ({ key: e.key, count: 1, resetAt: new Date(now + e.windowMs) })))
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning();
    const byKey = new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt.getTime() }]));
    return entries.map((e) => byKey.get(e.key)!);
  }

  async undo(keys: string[], now: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.resetAt, new Date(now))));
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
  }

  async purge(now: number): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, new Date(now)));
  }
}
