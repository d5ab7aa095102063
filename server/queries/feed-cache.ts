// The first feed page served from memory (issue 28). An entry is the page's JSON as the compiled serializer
// wrote it, cut where each post's `myReactions` goes: the only per-viewer field (e-mail addresses, shown to
// the owner alone, make the owner's page its own entry). The caller's reactions come from one small query
// over the page's ids, kept with the entry for their next read: every change to someone's reactions on a post
// bumps the version in its transaction, so at one version they are fixed (read after the version, they can
// only be as new or newer). Entries are keyed by threadline and query and carry the threadline's feed_version
// as read with the caller's access: a page of an older version is never served, and is dropped when seen.
import { sql } from 'drizzle-orm';
import type { Post } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { preparedRows } from '../db/named.ts';

/** Where a post's own reactions go: the key with the empty list the page was written with. */
const KEY = '"myReactions":';
const SLOT = `${KEY}[]`;

export class CachedPage {
  constructor(
    /** The JSON around the posts' `myReactions` values: one more part than posts. */
    readonly parts: string[],
    /** The posts' ids, in page order. */
    readonly ids: string[],
    /** Ids of live posts (a tombstone has no reactions). */
    readonly liveIds: string[],
    readonly bytes: number,
  ) {}

  /** The page as `viewer` sees it, given their reactions by post id. */
  render(mine: ReadonlyMap<string, string[]>): string {
    let out = this.parts[0]!;
    for (let i = 0; i < this.ids.length; i++) {
      const own = mine.get(this.ids[i]!);
      out += (own ? JSON.stringify(own) : '[]') + this.parts[i + 1]!;
    }
    return out;
  }
}

/**
 * The page `posts` written by `serialize` with every `myReactions` empty, cut at those. Null when the cuts
 * do not match the posts one for one (then the page is answered uncached). A `"myReactions":[]` after `{`
 * or `,` can only be that key of an object (inside a JSON string every `"` is escaped), and only posts have it.
 */
export function cachedPage(posts: Post[], serialize: (posts: Post[]) => string): CachedPage | null {
  const json = serialize(posts.map((p) => ({ ...p, myReactions: [] })));
  const parts: string[] = [];
  let from = 0;
  for (let at = json.indexOf(SLOT); at !== -1; at = json.indexOf(SLOT, at + SLOT.length)) {
    const before = json[at - 1];
    if (before !== ',' && before !== '{') continue;
    parts.push(json.slice(from, at + KEY.length));
    from = at + SLOT.length;
  }
  parts.push(json.slice(from));
  if (parts.length !== posts.length + 1) return null;
  const liveIds = posts.filter((p) => !p.deletedAt).map((p) => p.id);
  return new CachedPage(
    parts,
    posts.map((p) => p.id),
    liveIds,
    Buffer.byteLength(json) + posts.length * 40,
  );
}

/**
 * The caller's reactions on the page's live posts, oldest first (as the feed's statement orders them): one
 * probe of reactions_post_user_emoji_unique per post (`is not null` matches that partial index's predicate).
 */
export async function ownReactions(db: Db, viewerId: string, postIds: string[]) {
  const mine = new Map<string, string[]>();
  if (postIds.length === 0) return mine;
  const rows = await preparedRows<{ postId: string; emoji: string[] }>(
    db,
    'feed_own_reactions',
    sql`select post_id as "postId", array_agg(emoji order by created_at) as emoji from reactions
      where post_id = any(${`{${postIds.join(',')}}`}::uuid[]) and post_id is not null and user_id = ${viewerId}
      group by post_id`,
  );
  for (const row of rows) mine.set(row.postId, row.emoji);
  return mine;
}

export interface FeedCacheStats {
  bytes: number;
  entries: number;
  hits: number;
  misses: number;
}

/** One viewer's own reactions by post id, as `CachedPage.render` takes them. */
export type OwnReactions = ReadonlyMap<string, string[]>;

/** Viewers whose own reactions an entry keeps; past it, the least recent goes. */
export const VIEWERS_PER_PAGE = 256;

interface Entry {
  version: number;
  page: CachedPage;
  /** Own reactions by viewer id, least recently kept first. */
  mine: Map<string, { reactions: OwnReactions; bytes: number }>;
  /** The page's bytes and its viewers'. */
  bytes: number;
}

/** What a viewer's kept reactions weigh: the map and an entry per post (a fair bound, not an exact count). */
function ownBytes(reactions: OwnReactions): number {
  let bytes = 120;
  for (const emoji of reactions.values()) bytes += 90 + emoji.reduce((n, e) => n + 16 + e.length * 2, 0);
  return bytes;
}

/** First pages by key, least recently used first, within `maxBytes` (0: off). One per app instance. */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  static key(timelineId: string, owner: boolean, type: string, limit: number): string {
    return `${timelineId}:${owner ? 'o' : 'm'}:${type}:${limit}`;
  }

  /** The page cached at exactly `version`; one of an older version is dropped. */
  get(key: string, version: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.hits++;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.page;
    }
    this.misses++;
    if (entry && entry.version < version) this.remove(key, entry);
    return undefined;
  }

  /** Keeps `page` as read at `version`, unless a page of a newer version is already kept. */
  set(key: string, version: number, page: CachedPage): void {
    if (page.bytes > this.maxBytes) return;
    const known = this.entries.get(key);
    if (known) {
      if (known.version > version) return;
      this.remove(key, known);
    }
    this.entries.set(key, { version, page, mine: new Map(), bytes: page.bytes });
    this.bytes += page.bytes;
    this.evict();
  }

  /** `viewerId`'s own reactions on the page kept at exactly `version`, if kept. */
  mine(key: string, version: number, viewerId: string): OwnReactions | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.mine.get(viewerId)?.reactions : undefined;
  }

  /** Keeps `viewerId`'s own reactions with the page kept at exactly `version` (none kept: nothing to do). */
  keepMine(key: string, version: number, viewerId: string, reactions: OwnReactions): void {
    const entry = this.entries.get(key);
    if (entry?.version !== version) return;
    this.forgetMine(entry, viewerId);
    const bytes = ownBytes(reactions);
    entry.mine.set(viewerId, { reactions, bytes });
    entry.bytes += bytes;
    this.bytes += bytes;
    for (const oldest of entry.mine.keys()) {
      if (entry.mine.size <= VIEWERS_PER_PAGE) break;
      this.forgetMine(entry, oldest);
    }
    this.evict();
  }

  /** Forgets every page (tests compare a cached answer with a fresh one). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): FeedCacheStats {
    return { bytes: this.bytes, entries: this.entries.size, hits: this.hits, misses: this.misses };
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private forgetMine(entry: Entry, viewerId: string) {
    const kept = entry.mine.get(viewerId);
    if (!kept) return;
    entry.mine.delete(viewerId);
    entry.bytes -= kept.bytes;
    this.bytes -= kept.bytes;
  }

  /** Least recently used first, until within maxBytes. */
  private evict() {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The first feed pages of this instance (FEED_CACHE_BYTES). */
    feedCache: FeedCache;
  }
}
