import { and, count, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** Rows still to send: neither sent nor given up (the worker's partial index covers exactly these). */
export async function outboxDepth(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return row?.n ?? 0;
}
