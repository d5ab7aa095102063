// Rate limits that hold under concurrency (DECISIONS §3): an attempt is counted before it is evaluated,
// so 200 parallel guesses get the same answers as 200 sequential ones. Counters live in memory for the
// embedded database (one process) and in PostgreSQL otherwise, so several instances share one limit.
import { tooManyRequests } from './errors.ts';

export interface LimitRule {
  /** Part of the counter key, so rules never share counters. */
  name: string;
  max: number;
  windowMs: number;
}

export interface Counted {
  count: number;
  /** When this key's window ends (ms since the epoch). */
  resetAt: number;
}

/** Fixed-window counters: a window starts at a key's first attempt and lasts the rule's windowMs. */
export interface AttemptStore {
  /** Counts one attempt on every key at once (keys are distinct) and returns each key's count. */
  hit(entries: { key: string; windowMs: number }[], now: number): Promise<Counted[]>;
  /** Takes one attempt back from each key still in its window. */
  undo(keys: string[], now: number): Promise<void>;
  /** Forgets the keys. */
  reset(keys: string[]): Promise<void>;
  /** Drops ended windows. */
  purge(now: number): Promise<void>;
}

export interface Check {
  rule: LimitRule;
  subject: string;
}

export interface Reservation {
  keys: string[];
  allowed: boolean;
  /** Seconds until every exceeded rule allows again (0 when allowed). */
  retryAfter: number;
}

export class AttemptLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt against every check. When any check is over its limit the attempt is refused and
   * its counts are taken back at once: a refused attempt was never evaluated, so it must not lock anyone out.
   */
  async reserve(checks: Check[]): Promise<Reservation> {
    const entries = checks.map((c) => ({ key: `${c.rule.name}:${c.subject}`, windowMs: c.rule.windowMs }));
    const keys = entries.map((e) => e.key);
    const now = this.now();
    const counted = await this.store.hit(entries, now);
    let retryAfter = 0;
    counted.forEach(({ count, resetAt }, i) => {
      if (count > checks[i]!.rule.max) {
        retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((resetAt - now) / 1000)));
      }
    });
    if (retryAfter > 0) await this.store.undo(keys, now);
    return { keys, allowed: retryAfter === 0, retryAfter };
  }

  /** `reserve`, throwing 429 with Retry-After when refused. */
  async reserveOrThrow(checks: Check[], message: (retryAfter: number) => string): Promise<Reservation> {
    const reservation = await this.reserve(checks);
    if (!reservation.allowed) throw tooManyRequests(message(reservation.retryAfter), reservation.retryAfter);
    return reservation;
  }

  /** The attempt did not count after all (the sign-in succeeded, the code existed). */
  release(reservation: Reservation, keys: string[] = reservation.keys): Promise<void> {
    return this.store.undo(keys, this.now());
  }

  reset(keys: string[]): Promise<void> {
    return this.store.reset(keys);
  }

  purge(): Promise<void> {
    return this.store.purge(this.now());
  }
}

/** Counters in this process's memory: enough for the embedded database, which is one process anyway. */
export class MemoryAttemptStore implements AttemptStore {
  private counters = new Map<string, Counted>();

  async hit(entries: { key: string; windowMs: number }[], now: number): Promise<Counted[]> {
    // Synchronous from here on, so concurrent attempts cannot interleave.
    const result = entries.map(({ key, windowMs }) => {
      const current = this.counters.get(key);
      const next =
        current && current.resetAt > now
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: now + windowMs };
      this.counters.set(key, next);
      return { ...next };
    });
    if (this.counters.size > 10_000) await this.purge(now);
    return result;
  }

  async undo(keys: string[], now: number): Promise<void> {
    for (const key of keys) {
      const current = this.counters.get(key);
      if (current && current.resetAt > now) current.count = Math.max(0, current.count - 1);
    }
  }

  async reset(keys: string[]): Promise<void> {
    for (const key of keys) this.counters.delete(key);
  }

  async purge(now: number): Promise<void> {
    for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
  }
}
