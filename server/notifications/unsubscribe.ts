// Turning one kind of notification mail (or the digest) off from a mailed link (issue 27; RFC 8058).
import { eq } from 'drizzle-orm';
import { resolvePrefs } from '../../common/notifications.ts';
import type { UnsubscribeKind } from '../../common/unsubscribe.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * Sets `kind` to 'never' (the digest: 'never' and no next one due). A deleted or unknown account is left
 * as it is: it gets no mail anyway. Under the user's row lock (FOR NO KEY UPDATE, as a preferences change
 * and the mail worker take it), so a change of another kind made at the same moment is not lost.
 */
export async function unsubscribe(db: Db, userId: string, kind: UnsubscribeKind): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ prefs: users.notificationPrefs, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user || user.deletedAt) return;
    const prefs = resolvePrefs(user.prefs);
    if (kind === 'digest') prefs.digest = 'never';
    else prefs.email[kind] = 'never';
    await tx
      .update(users)
      .set({
        notificationPrefs: prefs,
        ...(kind === 'digest' && { digestDueAt: null }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}
