// The session lookup from memory, embedded database only (issue 28). Every signed-in request looks its
// session up; on PGlite that query is most of a small request's database time. With one process per data
// directory, every write to `users` and `sessions` passes through this process (server/db/pglite/writes.ts
// reports each one), so an entry is forgotten before the write is even sent: sign-out, expiry, password
// changes, disabling, deletion and every profile change take effect on the very next request. On
// PostgreSQL other instances and the admin command write too, and only asking the database is exact, so
// there the lookup stays a query (a prepared one).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { WriteEffect } from '../db/pglite/writes.ts';
import type { sessions, User } from '../db/schema/index.ts';
import { deepFreeze } from '../lib/deep-freeze.ts';
import { SessionStore } from './sessions.ts';

export interface SessionRow {
  session: typeof sessions.$inferSelect;
  user: User;
}

interface Entry {
  row: SessionRow;
  at: number;
}

/** Past this age an entry is read again anyway: a bound on any mistake, not part of the invalidation. */
const MAX_AGE_MS = 5 * 60 * 1000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sidsByUser = new Map<string, Set<string>>();
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

  get(sid: string): SessionRow | undefined {
    const entry = this.entries.get(sid);
    if (!entry || this.now() - entry.at > MAX_AGE_MS) {
      if (entry) this.forgetSession(sid);
      this.misses++;
      return undefined;
    }
    // Most recently used last: the first entry is the one to drop.
    this.entries.delete(sid);
    this.entries.set(sid, entry);
    this.hits++;
    return entry.row;
  }

  /** Keeps a row read at `version`, unless a write came since (it may have changed the row after the read). */
  set(sid: string, row: SessionRow, version: number): void {
    if (version !== this.generation || this.maxEntries === 0) return;
    this.forgetSession(sid);
    this.entries.set(sid, { row: deepFreeze(row), at: this.now() });
    const userId = row.user.id;
    const sids = this.sidsByUser.get(userId) ?? new Set<string>();
    this.sidsByUser.set(userId, sids);
    sids.add(sid);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.forgetSession(oldest);
    }
  }

  /** What a write to `users` or `sessions` may have changed (server/db/pglite/writes.ts). */
  forget(effect: WriteEffect): void {
    switch (effect.kind) {
      case 'none':
        return;
      case 'session':
        this.generation++;
        this.forgetSession(effect.sid);
        return;
      case 'user':
        this.generation++;
        for (const sid of this.sidsByUser.get(effect.id) ?? []) this.forgetSession(sid);
        return;
      case 'all':
        this.generation++;
        this.entries.clear();
        this.sidsByUser.clear();
    }
  }

  private forgetSession(sid: string) {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    const userId = entry.row.user.id;
    const sids = this.sidsByUser.get(userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.sidsByUser.delete(userId);
  }
}

/** The app's session store: with the embedded database and SESSION_CACHE_ENTRIES above 0, cached. */
export function sessionStore(app: FastifyInstance, database: Database, secret: string): SessionStore {
  const entries = app.config.sessionCacheEntries;
  if (!database.onWrite || entries === 0) return new SessionStore(database.db, secret);
  const cache = new SessionCache(entries);
  const stop = database.onWrite((effect) => cache.forget(effect));
  app.addHook('onClose', async () => stop());
  return new SessionStore(database.db, secret, Date.now, cache);
}
