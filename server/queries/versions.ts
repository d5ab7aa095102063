// GET /api/posts/{id}/versions: the post's texts newest first, the current one leading (DECISIONS §9).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isoMicros } from './feed.ts';

export interface VersionRow {
  content: string | null;
  editedAt: string;
  editor: { id: string; displayName: string | null; firstName: string | null; lastName: string | null };
}

/**
 * The current text (at its `editedAt`, or the post's creation when never edited) and then each kept
 * version, newest first. One statement, so the current text and the kept ones are of the same moment.
 */
export async function postVersions(db: Db, postId: string): Promise<VersionRow[]> {
  const editor = (u: string) =>
    sql.raw(`json_build_object('id', ${u}.id, 'displayName', ${u}.display_name,
      'firstName', ${u}.first_name, 'lastName', ${u}.last_name)`);
  const result = await db.execute(sql`
    select content, ${isoMicros(sql.raw('at'))} as "editedAt", editor from (
      select p.content, coalesce(p.edited_at, p.created_at) as at, ${editor('u')} as editor, 0 as current,
        null::uuid as id
      from posts p join users u on u.id = p.author_id where p.id = ${postId}
      union all
      select v.content, v.created_at, ${editor('e')}, 1, v.id
      from post_versions v join users e on e.id = v.editor_id where v.post_id = ${postId}
    ) versions
    order by current, at desc, id desc`);
  return (result as unknown as { rows: VersionRow[] }).rows;
}
