// Attempt counters in PostgreSQL, shared by every instance: one upsert counts an attempt on all its keys.
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import type { AttemptStore, Counted } from './limiter.ts';

export class PostgresAttemptStore implements AttemptStore {
  /** One key, the usual case (every write limit): a prepared statement, planned once per connection. */
  private readonly hitOne;

  constructor(private readonly db: Db) {
    const ended = sql`${rateLimitCounters.resetAt} <= ${sql.placeholder('now')}`;
    this.hitOne = db
      .insert(rateLimitCounters)
      .values({ key: sql.placeholder('key'), count: 1, resetAt: sql.placeholder('resetAt') })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .prepare('rate_limit_hit_one');
  }

  async hit(entries: { key: string; windowMs: number }[], now: number): Promise<Counted[]> {
    const at = new Date(now);
    if (entries.length === 1) {
      const [{ key, windowMs }] = entries as [{ key: string; windowMs: number }];
      const [row] = await this.hitOne.execute({ key, now: at, resetAt: new Date(now + windowMs) });
      return [{ count: row!.count, resetAt: row!.resetAt.getTime() }];
    }
    // Sorted keys: two attempts sharing keys lock their rows in the same order, so they never deadlock.
    const sorted = [...entries].sort((a, b) => byteOrder(a.key, b.key));
    const ended = sql`${rateLimitCounters.resetAt} <= ${at}`;
    const rows = await retryOnDeadlock(() =>
      this.db
        .insert(rateLimitCounters)
        .values(sorted.map((e) => ({ key: e.key, count: 1, resetAt: new Date(now + e.windowMs) })))
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
            resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning(),
    );
    const byKey = new Map(rows.map((r) => [r.key, { count: r.count, resetAt: r.resetAt.getTime() }]));
    return entries.map((e) => byKey.get(e.key)!);
  }

  async undo(keys: string[], now: number): Promise<void> {
    if (keys.length === 0) return;
    // Rows are locked in key order, as `hit` locks them, so an undo and a hit can never deadlock.
    const locked = this.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.resetAt, new Date(now))))
      .orderBy(sql`${rateLimitCounters.key} collate "C"`)
      .for('update')
      .as('locked');
    await retryOnDeadlock(() =>
      this.db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .from(locked)
        .where(eq(rateLimitCounters.key, locked.key)),
    );
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
  }

  async purge(now: number): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, new Date(now)));
  }

  async size(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(rateLimitCounters);
    return row?.n ?? 0;
  }
}

/** The order of `collate "C"`: UTF-8 bytes, whatever the database's own collation. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Key-ordered locking rules deadlocks out; should PostgreSQL still report one, the statement is tried again. */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts || pgError(err).code !== '40P01') throw err;
    }
  }
}
