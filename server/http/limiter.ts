// Rate limits that hold under concurrency (DECISIONS §3): an attempt is counted before it is evaluated,
// so 200 parallel guesses get the same answers as 200 sequential ones. Counters live in memory for the
// embedded database (one process) and in PostgreSQL otherwise, so several instances share one limit. The
// store is bounded: ended windows are swept, and the memory store keeps at most MEMORY_MAX_KEYS keys.
import { isIPv4, isIPv6 } from 'node:net';
import { tooManyRequests } from './errors.ts';

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
 * network, where every device can pick a new address at will).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  // A dotted IPv4 tail is two groups.
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const [head = '', tail] = bare.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

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
  /** How many keys are kept. */
  size(): Promise<number>;
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
  /** Each check's count, this attempt included. */
  counts: number[];
}

export class AttemptLimiter {
  /** Told each rule that refuses an attempt (metrics, server/metrics). */
  onRefuse: (rule: string) => void = () => {};

  constructor(
    private readonly store: AttemptStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt against every check. When any check is over its limit the attempt is refused and
   * its counts are taken back at once: a refused attempt was never evaluated, so it must not lock anyone out.
   */
  async reserve(checks: Check[], { tolerate }: { tolerate?: (counts: number[]) => Check[] } = {}) {
    const entries = checks.map((c) => ({ key: `${c.rule.name}:${c.subject}`, windowMs: c.rule.windowMs }));
    const keys = entries.map((e) => e.key);
    const now = this.now();
    const counted = await this.store.hit(entries, now);
    const counts = counted.map((c) => c.count);
    // Checks the caller lets through over their limit, knowing the counts (the sign-in's fresh address).
    const tolerated = new Set(tolerate?.(counts) ?? []);
    let retryAfter = 0;
    counted.forEach(({ count, resetAt }, i) => {
      const { rule } = checks[i]!;
      if (count > rule.max && !tolerated.has(checks[i]!)) {
        this.onRefuse(rule.name);
        // At most the window: another instance may have opened it a moment after this one read its clock.
        const wait = Math.min(Math.ceil(rule.windowMs / 1000), Math.ceil((resetAt - now) / 1000));
        retryAfter = Math.max(retryAfter, Math.max(1, wait));
      }
    });
    if (retryAfter > 0) await this.store.undo(keys, now);
    return { keys, allowed: retryAfter === 0, retryAfter, counts } satisfies Reservation;
  }

  /** `reserve`, throwing 429 with Retry-After when refused. */
  async reserveOrThrow(
    checks: Check[],
    message: (retryAfter: number) => string,
    options?: { tolerate?: (counts: number[]) => Check[] },
  ): Promise<Reservation> {
    const reservation = await this.reserve(checks, options);
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

  /** Keys kept (tests and health). */
  size(): Promise<number> {
    return this.store.size();
  }
}

/** At most this many keys in memory (about 220 bytes each: 22 MB full); past it the oldest go first. */
export const MEMORY_MAX_KEYS = 100_000;

/** Counters in this process's memory: enough for the embedded database, which is one process anyway. */
export class MemoryAttemptStore implements AttemptStore {
  private counters = new Map<string, Counted>();

  constructor(private readonly maxKeys = MEMORY_MAX_KEYS) {}

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
    if (this.counters.size > Math.min(10_000, this.maxKeys)) await this.purge(now);
    // Still too many live windows: the oldest keys go first (a Map iterates in insertion order).
    for (const key of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys) break;
      this.counters.delete(key);
    }
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

  async size(): Promise<number> {
    return this.counters.size;
  }
}
