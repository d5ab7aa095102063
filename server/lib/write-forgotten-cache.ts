// Rows kept in memory for the embedded database's caches (server/auth/session-cache.ts,
// server/policies/access-cache.ts): what they share is how an entry is kept and forgotten. Each entry
// belongs to a group (a user's sessions, a threadline's memberships) that one write can forget at once; a
// generation moves on every forget, so a lookup that started before a write never stores what it read.
interface Entry<V> {
  value: V;
  group: string;
  at: number;
}

/** Past this age an entry is read again anyway: a bound on any mistake, not part of the invalidation. */
export const MAX_AGE_MS = 5 * 60 * 1000;

export class WriteForgottenCache<V> {
  /** Least recently used first. */
  private readonly entries = new Map<string, Entry<V>>();
  private readonly groups = new Map<string, Set<string>>();
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    /** The group a value belongs to. */
    private readonly groupOf: (value: V) => string,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** The generation to hand back to `set` with what a lookup read. */
  get version() {
    return this.generation;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.at > MAX_AGE_MS) {
      if (entry) this.drop(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.value;
  }

  /** Keeps a value read at `version` (frozen: every hit shares it), unless a write came since. */
  set(key: string, value: V, version: number): void {
    if (version !== this.generation || this.maxEntries === 0) return;
    this.drop(key);
    const group = this.groupOf(value);
    this.entries.set(key, { value: deepFreeze(value), group, at: this.now() });
    const keys = this.groups.get(group) ?? new Set<string>();
    this.groups.set(group, keys);
    keys.add(key);
    while (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value as string);
  }

  /** A write changed this entry. */
  forgetKey(key: string): void {
    this.generation++;
    this.drop(key);
  }

  /** A write changed this group's entries. */
  forgetGroup(group: string): void {
    this.generation++;
    for (const key of this.groups.get(group) ?? []) this.entries.delete(key);
    this.groups.delete(group);
  }

  /** A write that cannot be narrowed down. */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.groups.clear();
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
  }
}

/** Shared by every request that hits the entry: nothing may change it (a nested change would throw). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
