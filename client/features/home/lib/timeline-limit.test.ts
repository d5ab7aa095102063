import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS } from '../../../../common/plans.ts';
import { errorBody } from '../../../lib/authUtils.ts';
import { errorLimit } from './plan-limit-error.ts';
import { isTimelineLimitError, limitFromError, timelineLimitCopy, upgradePlanFor } from './timeline-limit.ts';

const limitError = (limit?: number) =>
  new Error(
    `403: ${JSON.stringify({ message: PLAN_LIMIT_MESSAGES.timelines, planUpgradeRequired: true, limit })}`,
  );

describe('the timeline limit toast', () => {
  it('recognises the limit by message or by planUpgradeRequired', () => {
    expect(isTimelineLimitError(limitError(10))).toBe(true);
    expect(isTimelineLimitError(new Error(`403: {"message":"${PLAN_LIMIT_MESSAGES.timelines}"}`))).toBe(true);
    expect(isTimelineLimitError(new Error('403: {"planUpgradeRequired":true,"limit":3}'))).toBe(true);
    expect(isTimelineLimitError(new Error('400: {"message":"Please enter a threadline name"}'))).toBe(false);
    expect(isTimelineLimitError('nope')).toBe(false);
  });

  it('reads the limit from the body, else the plan table', () => {
    expect(errorLimit(limitError(10))).toBe(10);
    expect(limitFromError(limitError(7))).toBe(7);
    expect(limitFromError(limitError(), 'pro')).toBe(PLAN_LIMITS.pro.maxTimelines);
    expect(errorBody(new Error('500: not json'))).toBeUndefined();
  });

  it('builds the free-plan copy from the plan table (DECISIONS §4)', () => {
    expect(timelineLimitCopy(PLAN_LIMITS.free.maxTimelines)).toEqual({
      title: 'Threadline Limit Reached',
      description: `You've reached your plan limit of ${PLAN_LIMITS.free.maxTimelines} threadlines. Upgrade to Pro for up to ${PLAN_LIMITS.pro.maxTimelines} threadlines.`,
      canUpgrade: true,
    });
    expect(timelineLimitCopy(10).description).toBe(
      "You've reached your plan limit of 10 threadlines. Upgrade to Pro for up to 100 threadlines.",
    );
  });

  it('points past Pro to Community, and offers no upgrade at the top plan', () => {
    expect(upgradePlanFor(PLAN_LIMITS.pro.maxTimelines)).toBe('community');
    expect(timelineLimitCopy(PLAN_LIMITS.pro.maxTimelines).description).toContain('Upgrade to Community');
    const top = timelineLimitCopy(PLAN_LIMITS.community.maxTimelines);
    expect(top.canUpgrade).toBe(false);
    expect(top.description).toBe(
      `You've reached your plan limit of ${PLAN_LIMITS.community.maxTimelines} threadlines.`,
    );
  });
});
