// Who of the people a page of posts, comments or messages mentions can read them now, and under which
// name (issue 27; DECISIONS §10): ONE statement per page, whatever its number of items, and none at all
// when nothing on the page mentions anyone.
import { sql } from 'drizzle-orm';
import { personName } from '../../common/names.ts';
import type { StoredMention } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';

/**
 * 'threadline': posts and comments, read by the threadline's members (an archived one by its owner alone).
 * 'conversation': messages, read by the conversation's two people while both are members (archived or not).
 */
export type MentionScope = 'threadline' | 'conversation';

/** Current names of mentioned people who can read items of a threadline, by `mentionKey`. */
export type MentionNames = ReadonlyMap<string, string>;
export const NO_MENTION_NAMES: MentionNames = new Map();
export const mentionKey = (timelineId: string, userId: string) => `${timelineId}:${userId}`;

/** Items of a page: the threadline each is in and whom it mentions as stored. */
export interface MentioningItem {
  timelineId: string;
  mentions: StoredMention[] | null | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * The readers among `userIds` of `timelineIds`, with their names: timeline_members_timeline_user_unique
 * answers each (threadline, person) pair of the two lists (bench/notifications-fanout.ts explains it).
 */
export function mentionNamesSql(
  timelineIds: Iterable<string>,
  userIds: Iterable<string>,
  scope: MentionScope,
) {
  const readers = scope === 'threadline' ? sql`and (t.archived_at is null or m.role = 'owner')` : sql``;
  return sql`
    select m.timeline_id as "timelineId", u.id, u.display_name as "displayName",
      u.first_name as "firstName", u.last_name as "lastName"
    from timeline_members m
    join timelines t on t.id = m.timeline_id and t.deleted_at is null
    join users u on u.id = m.user_id
    where m.timeline_id = any(${uuidArray(timelineIds)}::uuid[])
      and m.user_id = any(${uuidArray(userIds)}::uuid[]) ${readers}`;
}

export async function mentionNames(
  db: Db,
  items: Iterable<MentioningItem>,
  scope: MentionScope,
): Promise<MentionNames> {
  const timelineIds = new Set<string>();
  const userIds = new Set<string>();
  for (const item of items) {
    for (const m of item.mentions ?? []) {
      if (!UUID.test(m.id)) continue;
      timelineIds.add(item.timelineId);
      userIds.add(m.id);
    }
  }
  if (userIds.size === 0) return NO_MENTION_NAMES;
  const result = await db.execute(mentionNamesSql(timelineIds, userIds, scope));
  const rows = (
    result as unknown as {
      rows: {
        timelineId: string;
        id: string;
        displayName: string | null;
        firstName: string | null;
        lastName: string | null;
      }[];
    }
  ).rows;
  return new Map(rows.map((r) => [mentionKey(r.timelineId, r.id), personName(r)]));
}

/** The mention names of a page of posts: theirs and their newest comments'. */
export function postMentionNames(
  db: Db,
  rows: Iterable<{
    timelineId: string;
    deletedAt: string | null;
    mentions: StoredMention[] | null;
    latestComment: { mentions: StoredMention[] | null } | null;
  }>,
): Promise<MentionNames> {
  const items: MentioningItem[] = [];
  for (const row of rows) {
    if (row.deletedAt) continue;
    items.push(row);
    if (row.latestComment) items.push({ timelineId: row.timelineId, mentions: row.latestComment.mentions });
  }
  return mentionNames(db, items, 'threadline');
}

/** The mention names of comments of one threadline. */
export const commentMentionNames = (
  db: Db,
  timelineId: string,
  rows: Iterable<{ mentions: StoredMention[] | null }>,
) =>
  mentionNames(
    db,
    [...rows].map((r) => ({ timelineId, mentions: r.mentions })),
    'threadline',
  );

/** The mention names of messages of one conversation. */
export const messageMentionNames = (
  db: Db,
  timelineId: string,
  rows: Iterable<{ mentions: StoredMention[] | null }>,
) =>
  mentionNames(
    db,
    [...rows].map((r) => ({ timelineId, mentions: r.mentions })),
    'conversation',
  );
