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
import { deepFreeze } from '../lib/deep-freeze.ts';
import type { TimelineAccess } from './timeline.ts';

interface Entry {
  access: TimelineAccess;
  at: number;
}

/** Past this age an entry is read again anyway: a bound on any mistake, not part of the invalidation. */
const MAX_AGE_MS = 5 * 60 * 1000;

export class AccessCache {
  /** By `${timelineId}:${userId}`, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTimeline = new Map<string, Set<string>>();
  /** Moves on every forget: a lookup that started before one does not store what it read. */
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** The generation to hand back to `set` with what a lookup read. */
  get version() {
    return this.generation;
  }

  get(timelineId: string, userId: string): TimelineAccess | undefined {
    const key = `${timelineId}:${userId}`;
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.at > MAX_AGE_MS) {
      if (entry) this.forgetKey(key, timelineId);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.access;
  }

  /** Keeps an access read at `version`, unless a write came since (it may have changed the rows after the read). */
  set(access: TimelineAccess, version: number): void {
    if (version !== this.generation || this.maxEntries === 0) return;
    const timelineId = access.timeline.id;
    const key = `${timelineId}:${access.member.userId}`;
    this.forgetKey(key, timelineId);
    this.entries.set(key, { access: deepFreeze(access), at: this.now() });
    const keys = this.keysByTimeline.get(timelineId) ?? new Set<string>();
    this.keysByTimeline.set(timelineId, keys);
    keys.add(key);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.entries().next().value as [string, Entry];
      this.forgetKey(oldest[0], oldest[1].access.timeline.id);
    }
  }

  /** What a write to `timelines` or `timeline_members` may have changed (server/db/pglite/writes.ts). */
  forget(effect: AccessWriteEffect): void {
    switch (effect.kind) {
      case 'none':
        return;
      case 'timeline':
        this.generation++;
        for (const key of this.keysByTimeline.get(effect.id) ?? []) this.entries.delete(key);
        this.keysByTimeline.delete(effect.id);
        return;
      case 'all':
        this.generation++;
        this.entries.clear();
        this.keysByTimeline.clear();
    }
  }

  private forgetKey(key: string, timelineId: string) {
    if (!this.entries.delete(key)) return;
    const keys = this.keysByTimeline.get(timelineId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByTimeline.delete(timelineId);
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
