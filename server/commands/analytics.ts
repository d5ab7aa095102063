// timeline_analytics rows (DECISIONS §9), written inside the caller's transaction: the action and its row
// commit or roll back together. One plain insert each, never a read first, so recording costs one statement.
import { ANALYTICS_ACTIONS, type AnalyticsAction } from '../../common/analytics.ts';
import type { Db } from '../db/client.ts';
import { timelineAnalytics } from '../db/schema/index.ts';

export async function recordAction(
  tx: Db,
  timelineId: string,
  userId: string,
  action: AnalyticsAction,
  metadata: Record<string, unknown> | null = null,
): Promise<void> {
  await tx.insert(timelineAnalytics).values({ timelineId, userId, action, metadata });
}

/** The member's first view of the UTC day; later ones meet the unique partial index and are dropped. */
export async function recordView(tx: Db, timelineId: string, userId: string): Promise<void> {
  await tx
    .insert(timelineAnalytics)
    .values({ timelineId, userId, action: ANALYTICS_ACTIONS.timelineViewed })
    .onConflictDoNothing();
}
