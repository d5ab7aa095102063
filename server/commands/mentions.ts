// Which mentions a post, comment or message keeps (issue 27; DECISIONS §10), decided inside its write's
// transaction, under the threadline's lock (a block or a removal either committed before, and its person is
// no reader here, or waits for the write). A mention is kept only for someone who can read the item and
// whose "@Name" the text holds; any other id is ignored (the text simply stays plain), never an error.
import { sql } from 'drizzle-orm';
import { holdsMention, mentionAs } from '../../common/mentions.ts';
import type { NotifyLevel, StoredMention } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';

/** A member who can read the threadline's posts now: their level there and the "@Name" that mentions them. */
export interface Reader {
  id: string;
  level: NotifyLevel;
  as: string;
}
export type Readers = ReadonlyMap<string, Reader>;

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * The readers of a threadline's posts and comments among `ids` and `also`, plus, with `everyPost`, every
 * member on "every post". One statement (at most the threadline's 150 members); none when nothing is asked.
 */
export async function threadlineReaders(
  tx: Db,
  timelineId: string,
  { ids = [], also = [], everyPost = false }: { ids?: string[]; also?: string[]; everyPost?: boolean },
): Promise<Readers> {
  const wanted = [...new Set([...ids, ...also])];
  if (wanted.length === 0 && !everyPost) return new Map();
  const result = await tx.execute(sql`
    select m.user_id as id, m.notify_level as level, u.display_name as "displayName",
      u.first_name as "firstName", u.last_name as "lastName"
    from timeline_members m
    join timelines t on t.id = m.timeline_id
    join users u on u.id = m.user_id
    where m.timeline_id = ${timelineId} and t.deleted_at is null
      and (t.archived_at is null or m.role = 'owner')
      and (m.user_id = any(${uuidArray(wanted)}::uuid[]) ${everyPost ? sql`or m.notify_level = 'all'` : sql``})`);
  const rows = (
    result as unknown as {
      rows: {
        id: string;
        level: NotifyLevel;
        displayName: string | null;
        firstName: string | null;
        lastName: string | null;
      }[];
    }
  ).rows;
  return new Map(rows.map((r) => [r.id, { id: r.id, level: r.level, as: mentionAs(r) }]));
}

/**
 * The mentions to store for `content`: each id of `ids` (in order, once) who is a reader and whose "@Name"
 * the text holds. On an edit, someone mentioned `before` also stays while the text still holds the "@Name"
 * stored then (renamed since: the text keeps the name it was written with).
 */
export function pickMentions(
  content: string | null | undefined,
  ids: readonly string[],
  readers: Readers,
  before: readonly StoredMention[] = [],
): StoredMention[] {
  const kept: StoredMention[] = [];
  for (const id of new Set(ids)) {
    const reader = readers.get(id);
    if (!reader) continue;
    if (holdsMention(content, reader.as)) {
      kept.push({ id, as: reader.as });
      continue;
    }
    const earlier = before.find((m) => m.id === id);
    if (earlier && holdsMention(content, earlier.as)) kept.push({ id, as: earlier.as });
  }
  return kept;
}

/** Those of `now` not mentioned `before`: an edit notifies only them. */
export const newlyMentioned = (now: readonly StoredMention[], before: readonly StoredMention[] | null) =>
  now.filter((m) => !before?.some((b) => b.id === m.id));

/** Whether two stored lists name the same people with the same "@Name"s, in the same order. */
export function sameMentions(a: readonly StoredMention[] | null, b: readonly StoredMention[] | null) {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((m, i) => m.id === y[i]!.id && m.as === y[i]!.as);
}

/** What the column stores: null when the text mentions no one. */
export const storedMentions = (list: StoredMention[]) => (list.length ? list : null);
