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
import { WriteForgottenCache } from '../lib/write-forgotten-cache.ts';
import { SessionStore } from './sessions.ts';

export interface SessionRow {
  session: typeof sessions.$inferSelect;
  user: User;
}

/** Sessions by id, grouped by user. */
export class SessionCache extends WriteForgottenCache<SessionRow> {
  constructor(maxEntries: number, now?: () => number) {
    super(maxEntries, (row) => row.user.id, now);
  }

  /** What a write to `users` or `sessions` may have changed (server/db/pglite/writes.ts). */
  forget(effect: WriteEffect): void {
    if (effect.kind === 'session') this.forgetKey(effect.sid);
    else if (effect.kind === 'user') this.forgetGroup(effect.id);
    else if (effect.kind === 'all') this.forgetAll();
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
