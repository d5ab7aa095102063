// Creates a threadline with a fresh join code and makes its creator the owner.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../common/limits.ts';
import { assertTimelineQuota } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { timelineMembers, timelines, type User, users } from '../db/schema/index.ts';
import { unauthorized } from '../http/errors.ts';

/** 8 characters from a cryptographic source; the alphabet leaves out 0/O and 1/I (DECISIONS §5). */
export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

export interface CreateTimelineInput {
  name: string;
  description?: string | null;
}

export async function createTimeline(db: Db, config: Config, owner: User, input: CreateTimelineInput) {
  // 32^8 codes make a clash rare; the unique index catches one and we try again with a new code.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // Serialises one user's creates so two at once cannot both pass the quota check. An account deleted
        // meanwhile (DELETE /api/me waits on this row too) owns nothing new.
        const [me] = await tx
          .select({ deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, owner.id))
          .for('update');
        if (!me || me.deletedAt) throw unauthorized();
        await assertTimelineQuota(tx, config, owner.id, owner.plan);
        const [timeline] = await tx
          .insert(timelines)
          .values({
            name: input.name,
            description: input.description ?? null,
            joinCode: generateJoinCode(),
            ownerId: owner.id,
            // The owner's membership, inserted just below (timelines.member_count).
            memberCount: 1,
          })
          .returning({ id: timelines.id, joinCode: timelines.joinCode });
        await tx
          .insert(timelineMembers)
          .values({ timelineId: timeline!.id, userId: owner.id, role: 'owner' });
        return timeline!;
      });
    } catch (err) {
      if (attempt < 4 && isUniqueViolation(err, 'timelines_join_code_unique')) continue;
      throw err;
    }
  }
}
