// Threadline access from memory, embedded database only (issue 28): every threadline route reads the
// caller's membership joined to the threadline (loadTimelineAccess), and on PGlite that query was most of a
// cached feed page's cost. As with the session cache, one process owns the data directory and every statement
// it sends passes server/db/pglite/writes.ts, which names the threadline a write changes (or "all") before the
// statement runs, after it and again after its transaction, so a role change, removal, block, leave, archive,
// delete, ownership change or feed version bump shows on the very next request. Only the app's own handle
// reads from here: a transaction's reads (which lock the row) always ask the database. On PostgreSQL other
// instances write too, and the lookup stays a query.
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { AccessWriteEffect } from '../db/pglite/writes.ts';
import { WriteForgottenCache } from '../lib/write-forgotten-cache.ts';
import type { TimelineAccess } from './timeline.ts';

/** Access by threadline and person, grouped by threadline. */
export class AccessCache extends WriteForgottenCache<TimelineAccess> {
  constructor(maxEntries: number, now?: () => number) {
    super(maxEntries, (access) => access.timeline.id, now);
  }

  static key(timelineId: string, userId: string): string {
    return `${timelineId}:${userId}`;
  }

  /** What a write to `timelines` or `timeline_members` may have changed (server/db/pglite/writes.ts). */
  forget(effect: AccessWriteEffect): void {
    if (effect.kind === 'timeline') this.forgetGroup(effect.id);
    else if (effect.kind === 'all') this.forgetAll();
  }
}

/** The cache that reads on `db` (the app's own handle) may use; none for a transaction's handle. */
const caches = new WeakMap<Db, AccessCache>();
export const accessCacheOf = (db: Db) => caches.get(db);

/** The app's access cache: with the embedded database and ACCESS_CACHE_ENTRIES above 0. */
export function accessCache(app: FastifyInstance, database: Database): AccessCache | undefined {
  const entries = app.config.accessCacheEntries;
  if (!database.onAccessWrite || entries === 0) return undefined;
  const cache = new AccessCache(entries);
  const stop = database.onAccessWrite((effect) => cache.forget(effect));
  caches.set(database.db, cache);
  app.addHook('onClose', async () => {
    stop();
    caches.delete(database.db);
  });
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Threadline access from memory (embedded database and ACCESS_CACHE_ENTRIES above 0 only). */
    accessCache: AccessCache | undefined;
  }
}
