// Server-side sessions in the `sessions` table: a random token in the cookie, its HMAC as the row key,
// 7 days idle and 30 days absolute.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { ACCOUNT_DISABLED } from '../../common/account.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../common/limits.ts';
import type { Db } from '../db/client.ts';
import { type SessionData, sessions, type User, users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import type { SessionCache } from './session-cache.ts';

/** 403: an operator disabled the account (`users disable`); thrown by every sign-in, after its credentials. */
export class AccountDisabled extends HttpError {
  constructor() {
    super(403, ACCOUNT_DISABLED);
  }
}

/** The user id inside the session's JSON. */
const sessionUserId = sql<string>`(${sessions.sess}->>'userId')::uuid`;

/** A session's id in lists (DECISIONS §10): a hash of its stored key, which never leaves the server. */
export const publicSessionId = (key: string) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    /** Embedded database only (session-cache.ts says why). */
    private readonly cache?: SessionCache,
  ) {}

  /** Prepared once: every signed-in request runs it (named statement on PostgreSQL, no SQL rebuilt). */
  private lookupStatement?: ReturnType<SessionStore['prepareLookup']>;

  private prepareLookup() {
    return this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessionUserId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare('session_lookup');
  }

  private key(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('base64url');
  }

  /** The stored row key of a cookie token: what a socket remembers of its session (never the token). */
  keyOf(token: string): string {
    return this.key(token);
  }

  /**
   * Which of these stored keys still belong to a live session (neither limit passed). One query for any
   * number of keys: the socket hub checks all its open sockets at once.
   */
  async liveKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const now = this.now();
    const rows = await this.db
      .select({ sid: sessions.sid })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessionUserId))
      .where(
        and(
          // One text parameter however many keys (base64url: no commas); a list would hit the bind limit.
          sql`${sessions.sid} = any(string_to_array(${keys.join(',')}, ','))`,
          gt(sessions.expire, new Date(now)),
          sql`(${sessions.sess}->>'createdAt')::bigint > ${now - SESSION_ABSOLUTE_MS}`,
          // As resolve(): a disabled or deleted account's sockets close even if a session row were left.
          isNull(users.disabledAt),
          isNull(users.deletedAt),
        ),
      );
    return new Set(rows.map((r) => r.sid));
  }

  /**
   * Starts a new session (a fresh id at every sign-in) and returns the cookie token; AccountDisabled when
   * the account is disabled (or missing). The row is inserted from the user's row read FOR SHARE: a disable
   * in progress (which updates that row, then ends the sessions) makes it wait and then see the account
   * disabled, and a disable that comes later finds this session to end. No session outlives a disable.
   */
  async create(userId: string, { userAgent }: { userAgent?: string } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const sess: SessionData = {
      userId,
      createdAt: now,
      ...(userAgent && { userAgent: userAgent.slice(0, 300) }),
    };
    const created = await this.db
      .insert(sessions)
      .select(
        this.db
          .select({
            sid: sql<string>`${this.key(token)}`.as('sid'),
            sess: sql<SessionData>`${JSON.stringify(sess)}::jsonb`.as('sess'),
            expire: sql<Date>`${new Date(now + SESSION_IDLE_MS).toISOString()}::timestamptz`.as('expire'),
          })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.disabledAt)))
          .for('share'),
      )
      .returning({ sid: sessions.sid });
    if (created.length === 0) throw new AccountDisabled();
    return token;
  }

  /** The signed-in user for a cookie token, or null; ends sessions past either limit. */
  async resolve(token: string | undefined): Promise<{ user: User; token: string } | null> {
    if (!token || token.length > 100) return null;
    const sid = this.key(token);
    const row = this.cache?.get(sid) ?? (await this.lookup(sid));
    if (!row) return null;
    const now = this.now();
    const expire = row.session.expire.getTime();
    // A deleted or disabled account never acts again, even through a session row left behind. The one
    // place that decides: keep any cache of this lookup behind it.
    if (
      row.user.deletedAt ||
      row.user.disabledAt ||
      expire <= now ||
      row.session.sess.createdAt + SESSION_ABSOLUTE_MS <= now
    ) {
      await this.db.delete(sessions).where(eq(sessions.sid, sid));
      return null;
    }
    if (now + SESSION_IDLE_MS - expire > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ expire: new Date(now + SESSION_IDLE_MS) })
        .where(eq(sessions.sid, sid));
    }
    // A copy: the cached row is shared by every request of this session.
    return { user: { ...row.user }, token };
  }

  /** The cache's figures for /metrics, or null when lookups always ask the database. */
  cacheStats(): { entries: number; hits: number; misses: number } | null {
    const cache = this.cache;
    return cache ? { entries: cache.size, hits: cache.hits, misses: cache.misses } : null;
  }

  private async lookup(sid: string) {
    const version = this.cache?.version;
    this.lookupStatement ??= this.prepareLookup();
    const [row] = await this.lookupStatement.execute({ sid });
    if (row && version !== undefined) this.cache?.set(sid, row, version);
    return row;
  }

  /** When the session of this cookie token signed in (epoch ms), or null when there is no such session. */
  async signedInAt(token: string | undefined): Promise<number | null> {
    if (!token || token.length > 100) return null;
    const [row] = await this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(eq(sessions.sid, this.key(token)));
    return row?.sess.createdAt ?? null;
  }

  /**
   * The user's live sessions, most recently used first. `id` is a hash of the stored key, so the list names a
   * session without handing out anything that could act for it; `lastSeenAt` is as exact as the sliding
   * expiry's writes (TOUCH_EVERY_MS).
   */
  async listFor(userId: string) {
    const now = this.now();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessionUserId, userId),
          gt(sessions.expire, new Date(now)),
          sql`(${sessions.sess}->>'createdAt')::bigint > ${now - SESSION_ABSOLUTE_MS}`,
        ),
      );
    return rows
      .map((r) => ({
        id: publicSessionId(r.sid),
        key: r.sid,
        userAgent: r.sess.userAgent ?? null,
        lastSeenAt: new Date(Math.min(now, r.expire.getTime() - SESSION_IDLE_MS)),
      }))
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Ends one session by its stored key. */
  async destroyKey(key: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, key));
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    await this.db.delete(sessions).where(eq(sessions.sid, this.key(token)));
  }

  /**
   * Ends every session of the user but the one with stored key `exceptKey`, in the caller's transaction when
   * given; returns the stored keys ended (their sockets are closed over the bus).
   */
  async destroyAllFor(userId: string, { exceptKey, db = this.db }: { exceptKey?: string; db?: Db } = {}) {
    const gone = await db
      .delete(sessions)
      .where(and(eq(sessionUserId, userId), exceptKey ? ne(sessions.sid, exceptKey) : undefined))
      .returning({ sid: sessions.sid });
    return gone.map((g) => g.sid);
  }

  async purgeExpired(): Promise<number> {
    const gone = await this.db
      .delete(sessions)
      .where(lt(sessions.expire, new Date(this.now())))
      .returning({ sid: sessions.sid });
    return gone.length;
  }
}
