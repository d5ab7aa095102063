// A post's comments, oldest first, a page at a time (keyset on createdAt and id).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authorJson, type CommentRow, isoMicros, parseCursor } from './feed.ts';

async function commentRows(db: Db, where: SQL, limit: number): Promise<CommentRow[]> {
  const result = await db.execute(sql`
    select c.id, c.post_id as "postId", c.content, ${isoMicros(sql.raw('c.created_at'))} as "createdAt",
      ${isoMicros(sql.raw('c.edited_at'))} as "editedAt", ${isoMicros(sql.raw('c.deleted_at'))} as "deletedAt",
      c.mentions, ${authorJson('u')} as author
    from comments c join users u on u.id = c.author_id
    where ${where}
    order by c.created_at, c.id limit ${limit}`);
  return (result as unknown as { rows: CommentRow[] }).rows;
}

export function commentsPage(db: Db, postId: string, options: { limit: number; cursor?: string }) {
  const cursor = parseCursor(options.cursor);
  const where = [sql`c.post_id = ${postId}`];
  if (cursor?.id) where.push(sql`(c.created_at, c.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  else if (cursor) where.push(sql`c.created_at > ${cursor.at}::timestamptz`);
  return commentRows(db, sql.join(where, sql` and `), options.limit);
}

export async function commentById(db: Db, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await commentRows(db, sql`c.id = ${commentId}`, 1);
  return row;
}
