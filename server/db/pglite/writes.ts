// What each statement sent to the embedded database writes to `users` and `sessions`, so the session cache
// (server/auth/session-cache.ts) forgets exactly what changed, and to `timelines` and `timeline_members`, so
// the access cache (server/policies/access-cache.ts) does, whoever wrote it. Every statement passes here (the
// client drizzle is given is wrapped), so a write path added later cannot be forgotten: anything this cannot
// narrow down to one user, session or threadline forgets everything.

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

/** What a statement may have changed of the cached access rows (a threadline joined to one membership). */
export type AccessWriteEffect = { kind: 'none' } | { kind: 'all' } | { kind: 'timeline'; id: string };

const ACCESS_NONE: AccessWriteEffect = { kind: 'none' };
const ACCESS_ALL: AccessWriteEffect = { kind: 'all' };

/**
 * A write to either table anywhere in the text, a deletion of users (it cascades to both), and schema changes
 * and bulk statements at the start.
 */
const ACCESS_TOUCHES =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:timelines|timeline_members)"?(?![\w"])|\bdelete\s+from\s+(?:only\s+)?(?:"?public"?\.)?"?users"?(?![\w"])|^\s*(?:truncate|alter|drop|copy|do|create)\b/i;
// The shapes that name one threadline: drizzle's one-row update, the feed version's bump (commands/feed-version.ts)
// and drizzle's membership writes by threadline (any further condition only narrows).
const TIMELINE_ROW = /^update "timelines" set .* where \(?"timelines"\."id" = \$(\d+)(?<rest>(?: and .*)?)$/s;
const FEED_BUMP = /^update timelines set feed_version = feed_version \+ 1 where id = \$(\d+)(?<rest>)$/;
const MEMBER_ROWS =
  /^(?:update "timeline_members" set .*|delete from "timeline_members") where \(?"timeline_members"\."timeline_id" = \$(\d+)(?<rest>(?: and .*)?)$/s;
/** A new row changes no row anyone has read (a membership's absence is never kept). */
const NEW_ROW = /^insert into "(?:timelines|timeline_members)" /;

export function accessWriteEffect(text: string, params: readonly unknown[] = []): AccessWriteEffect {
  if (!ACCESS_TOUCHES.test(text)) return ACCESS_NONE;
  const statement = text.trim().replace(RETURNING, '');
  if (NEW_ROW.test(statement) && !/\b(?:update|delete|select|conflict)\b|;/i.test(statement))
    return ACCESS_NONE;
  for (const pattern of [TIMELINE_ROW, FEED_BUMP, MEMBER_ROWS]) {
    const match = pattern.exec(statement);
    if (!match || /\b(?:or|where|select)\b|;/i.test(match.groups?.rest ?? '')) continue;
    const value = params[Number(match[1]) - 1];
    return typeof value === 'string' ? { kind: 'timeline', id: value } : ACCESS_ALL;
  }
  return ACCESS_ALL;
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
export function watchWrites<C extends Client, E extends { kind: string } = WriteEffect>(
  client: C,
  listener: (effect: E) => void,
  classify: (text: string, params?: readonly unknown[]) => E = writeEffect as never,
): C {
  const report = (effect: E, into?: E[]) => {
    if (effect.kind === 'none') return;
    listener(effect);
    into?.push(effect);
  };
  const wrap = (target: Queryable, into?: E[]) => ({
    query: async (sql: string, params?: unknown[], options?: unknown) => {
      const effect = classify(sql, params);
      report(effect, into);
      try {
        return await target.query(sql, params, options);
      } finally {
        report(effect);
      }
    },
    exec: async (sql: string, options?: unknown) => {
      const effect = classify(sql);
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
      const written: E[] = [];
      try {
        return await client.transaction((tx) => fn(Object.assign(Object.create(tx), wrap(tx, written))));
      } finally {
        for (const effect of written) listener(effect);
      }
    },
  });
  return watched;
}
