// GET /api/timelines/{id}/insights (DECISIONS §9): the query and the answer.
import { z } from 'zod';
import { INSIGHTS_RANGES } from '../analytics.ts';
import { POST_TYPES } from '../posts.ts';

const RANGE_MESSAGE = `days must be one of ${INSIGHTS_RANGES.join(', ')}`;

export const insightsQuery = z.object({
  days: z
    .string({ error: RANGE_MESSAGE })
    .refine(
      (v) => (INSIGHTS_RANGES as readonly number[]).includes(Number(v)) && /^\d+$/.test(v),
      RANGE_MESSAGE,
    )
    .transform((v) => Number(v) as (typeof INSIGHTS_RANGES)[number]),
});
export type InsightsQuery = z.output<typeof insightsQuery>;

const count = z.number().int().nonnegative();

export const insightsDay = z.object({
  /** YYYY-MM-DD, a UTC day. */
  date: z.string(),
  posts: count,
  comments: count,
  reactions: count,
  activeMembers: count,
  newMembers: count,
});

export const insightsResponse = z.object({
  days: z.number().int(),
  series: z.array(insightsDay),
  topMembers: z.array(
    z.object({ user: z.object({ id: z.string(), name: z.string() }), posts: count, comments: count }),
  ),
  /** Posts of each type in the range; every type present, zeros included. */
  postTypes: z.object(
    Object.fromEntries(POST_TYPES.map((t) => [t, count])) as Record<
      (typeof POST_TYPES)[number],
      typeof count
    >,
  ),
});
export type InsightsDay = z.infer<typeof insightsDay>;
export type Insights = z.infer<typeof insightsResponse>;
