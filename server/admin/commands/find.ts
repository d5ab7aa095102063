// Looking up the account or threadline an admin command names.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Timeline, timelines, type User, users } from '../../db/schema/index.ts';
import { isUuid } from '../../policies/timeline.ts';
import { AdminError } from '../errors.ts';

/** The live account with this address (addresses are stored lowercased; the admin may type any case). */
export async function findUser(db: Db, email: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!user || user.deletedAt) throw new AdminError(`No account with the e-mail address ${email}`);
  return user;
}

export async function findTimeline(db: Db, id: string): Promise<Timeline> {
  const [timeline] = isUuid(id)
    ? await db.select().from(timelines).where(sql`${timelines.id} = ${id} and ${timelines.deletedAt} is null`)
    : [];
  if (!timeline) throw new AdminError(`No threadline with the id ${id}`);
  return timeline;
}
