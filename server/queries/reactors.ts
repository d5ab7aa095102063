// GET /api/posts/{id}/reactions: the people behind a post's reaction counts (issue 25 item 9).
import { sql } from 'drizzle-orm';
import { REACTORS_PER_EMOJI } from '../../common/schemas/reactors.ts';
import type { Db } from '../db/client.ts';

export interface ReactorRow {
  emoji: string;
  /** How many reacted with this emoji in all (the rows stop at REACTORS_PER_EMOJI). */
  total: number;
  userId: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * The first REACTORS_PER_EMOJI people of each emoji, emoji in the order first given, people in the order
 * they reacted. One statement, so the counts and the names are of the same moment. No e-mail is selected.
 */
export async function postReactors(db: Db, postId: string): Promise<ReactorRow[]> {
  const result = await db.execute(sql`
    select emoji, total::int as total, user_id as "userId", display_name as "displayName",
      first_name as "firstName", last_name as "lastName", profile_image_url as "profileImageUrl"
    from (
      select r.emoji, r.user_id, u.display_name, u.first_name, u.last_name, u.profile_image_url,
        row_number() over (partition by r.emoji order by r.created_at, r.id) as n,
        count(*) over (partition by r.emoji) as total,
        min(r.created_at) over (partition by r.emoji) as first_at,
        r.created_at, r.id
      from reactions r join users u on u.id = r.user_id
      where r.post_id = ${postId}
    ) ranked
    where n <= ${REACTORS_PER_EMOJI}
    order by first_at, emoji, n`);
  return (result as unknown as { rows: ReactorRow[] }).rows;
}
