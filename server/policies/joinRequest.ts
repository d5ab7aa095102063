// A join request belongs to its requester: only they see it in My Join Requests and may retract it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type JoinRequestRow, timelineJoinRequests } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isUuid } from './timeline.ts';

export const JOIN_REQUEST_NOT_FOUND = 'Join request not found';

/** The caller's own request, or 404 (someone else's request is as good as missing). */
export async function ownJoinRequest(db: Db, requestId: string, userId: string): Promise<JoinRequestRow> {
  if (!isUuid(requestId)) throw notFound(JOIN_REQUEST_NOT_FOUND);
  const [row] = await db.select().from(timelineJoinRequests).where(eq(timelineJoinRequests.id, requestId));
  if (!row || row.userId !== userId) throw notFound(JOIN_REQUEST_NOT_FOUND);
  return row;
}

export function authorizeRetract(request: JoinRequestRow): void {
  if (request.status !== 'pending') throw conflict('Only a pending request can be retracted');
}
