// What each statement sent to the embedded database writes to `users` and `sessions`, so the session cache
// (server/auth/session-cache.ts) forgets exactly what changed, whoever wrote it. Every statement passes here
// (the client drizzle is given is wrapped), so a write path added later cannot be forgotten: anything this
// cannot narrow down to one user or one session forgets everything.

/** What a statement may have changed of the cached rows. */
export type WriteEffect =
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'user'; id: string }
  | { kind: 'session'; sid: string };

const NONE: WriteEffect = { kind: 'none' };
const ALL: WriteEffect = { kind: 'all' };

/** A write to either table anywhere in the text (a CTE's too); schema changes and bulk statements at the start. */
const TOUCHES =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:users|sessions)"?(?![\w"])|^\s*(?:truncate|alter|drop|copy|do|create)\b/i;
// The shapes drizzle writes for one row (or one user's sessions), where any further condition only narrows.
const USER_ROW = /^update "users" set .* where \(?"users"\."id" = \$(\d+)(?<rest>(?: and .*)?)$/s;
const SESSION_ROW =
  /^(?:update "sessions" set .*|delete from "sessions") where \(?"sessions"\."sid" = \$(\d+)(?<rest>(?: and .*)?)$/s;
const USER_SESSIONS =
  /^delete from "sessions" where \(?\("sessions"\."sess"->>'userId'\)::uuid = \$(\d+)(?<rest>(?: and .*)?)$/s;
const RETURNING = / returning .*$/s;
/** A new session changes no row anyone has read. */
const NEW_SESSION = /^insert into "sessions" /;

export function writeEffect(text: string, params: readonly unknown[] = []): WriteEffect {
  if (!TOUCHES.test(text)) return NONE;
  const statement = text.trim().replace(RETURNING, '');
  if (NEW_SESSION.test(statement) && !/\b(?:update|delete)\b/i.test(statement)) return NONE;
  for (const [pattern, kind] of [
    [USER_ROW, 'user'],
    [SESSION_ROW, 'session'],
    [USER_SESSIONS, 'user'],
  ] as const) {
    const match = pattern.exec(statement);
    // Only further `and` conditions narrow it: an `or`, a subquery or a second statement could widen it.
    if (!match || /\b(?:or|where|select)\b|;/i.test(match.groups?.rest ?? '')) continue;
    const value = params[Number(match[1]) - 1];
    if (typeof value !== 'string') return ALL;
    return kind === 'user' ? { kind, id: value } : { kind, sid: value };
  }
  return ALL;
}

type Results = unknown;
interface Queryable {
  query(sql: string, params?: unknown[], options?: unknown): Promise<Results>;
  exec(sql: string, options?: unknown): Promise<Results>;
}
interface Client extends Queryable {
  transaction<T>(fn: (tx: Queryable & Record<string, unknown>) => Promise<T>): Promise<T>;
}

/**
 * Wraps the PGlite client (or its thread's stand-in) so every write is reported to `listener`: when the
 * statement is sent and again when it is done, and a transaction's writes once more after it ends, so a read
 * that ran between a write and its commit cannot leave the old row behind (PGlite runs one statement or
 * transaction at a time, so none can; this holds even if that changed).
 */
export function watchWrites<C extends Client>(client: C, listener: (effect: WriteEffect) => void): C {
  const report = (effect: WriteEffect, into?: WriteEffect[]) => {
    if (effect.kind === 'none') return;
    listener(effect);
    into?.push(effect);
  };
  const wrap = (target: Queryable, into?: WriteEffect[]) => ({
    query: async (sql: string, params?: unknown[], options?: unknown) => {
      const effect = writeEffect(sql, params);
      report(effect, into);
      try {
        return await target.query(sql, params, options);
      } finally {
        report(effect);
      }
    },
    exec: async (sql: string, options?: unknown) => {
      const effect = writeEffect(sql);
      report(effect, into);
      try {
        return await target.exec(sql, options);
      } finally {
        report(effect);
      }
    },
  });
  // An object of its own (its prototype the client) rather than a Proxy: tests and benchmarks swap `query` on
  // drizzle's `$client` and put it back, which must reach this wrapper and not the client under it.
  const watched = Object.create(client) as C;
  Object.assign(watched, wrap(client), {
    transaction: async <T>(fn: (tx: Queryable & Record<string, unknown>) => Promise<T>) => {
      const written: WriteEffect[] = [];
      try {
        return await client.transaction((tx) => fn(Object.assign(Object.create(tx), wrap(tx, written))));
      } finally {
        for (const effect of written) listener(effect);
      }
    },
  });
  return watched;
}
