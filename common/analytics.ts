// What timeline_analytics records (spec 001 §3, DECISIONS §9) and the ranges Insights offers. Without zod,
// so the client's insights view can import it cheaply.

/** The `action` column's values: short and stable, since stored rows keep them. */
export const ANALYTICS_ACTIONS = {
  postCreated: 'post_created',
  commentCreated: 'comment_created',
  reactionAdded: 'reaction_added',
  memberJoined: 'member_joined',
  memberLeft: 'member_left',
  memberRemoved: 'member_removed',
  joinRequested: 'join_requested',
  /** At most one per member per UTC day (a unique partial index). */
  timelineViewed: 'timeline_viewed',
} as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[keyof typeof ANALYTICS_ACTIONS];

/** GET /api/timelines/{id}/insights?days=: the last 7, 30 or 90 UTC days, today included. */
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
export const DEFAULT_INSIGHTS_RANGE: InsightsRange = 30;
/** How many of the most active members Insights names. */
export const INSIGHTS_TOP_MEMBERS = 10;
