import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../../common/plans.ts';
import { OWNERSHIP_ERRORS } from '../../../../common/timeline-errors.ts';
import { acceptLimitCopy, offerDescription } from './ownership-copy.ts';

/** An error as apiRequest throws it: "status: body". */
const refused = (status: number, body: unknown) => new Error(`${status}: ${JSON.stringify(body)}`);
const limit = (message: string, n?: number) =>
  refused(403, { message, planUpgradeRequired: true, ...(n !== undefined && { limit: n }) });

describe('offerDescription', () => {
  it('says who becomes the owner, when, and what the owner stays', () => {
    expect(offerDescription('Pat')).toBe(
      'Pat becomes the owner once they accept. You stay on as a moderator.',
    );
  });

  it('says an offer out to someone else is replaced', () => {
    expect(offerDescription('Pat', 'Moe')).toBe(
      'Pat becomes the owner once they accept. You stay on as a moderator. Your offer to Moe is withdrawn.',
    );
  });
});

describe('acceptLimitCopy', () => {
  it('is for plan limits only', () => {
    expect(acceptLimitCopy(refused(404, { message: OWNERSHIP_ERRORS.noOffer }))).toBeUndefined();
    expect(acceptLimitCopy(refused(403, { message: 'Forbidden' }))).toBeUndefined();
    expect(acceptLimitCopy(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('threadlines owned: the next plan up, or none past the largest', () => {
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.timelines, 10))).toEqual({
      title: 'Threadline Limit Reached',
      description:
        "You've reached your plan limit of 10 threadlines. Upgrade to Pro for up to 100 threadlines, then accept again.",
      canUpgrade: true,
    });
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.timelines, 300))).toEqual({
      title: 'Threadline Limit Reached',
      description: "You've reached your plan limit of 300 threadlines.",
      canUpgrade: false,
    });
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.timelines))?.canUpgrade).toBe(true);
  });

  it('members: a plan that holds every member there is', () => {
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.members, 10), 12)?.description).toContain(
      'Upgrade to Pro for up to 50 members per threadline',
    );
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.members, 10), 60)?.description).toContain(
      'Upgrade to Community for up to 150 members per threadline',
    );
    expect(acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.members, 150), 151)).toEqual({
      title: 'Member Limit Reached',
      description: 'This threadline has more members than your plan allows (up to 150 per threadline).',
      canUpgrade: false,
    });
  });

  it('says threadline, never timeline', () => {
    for (const copy of [
      acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.timelines, 10)),
      acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.members, 10), 11),
      acceptLimitCopy(limit(PLAN_LIMIT_MESSAGES.members)),
    ]) {
      expect(`${copy?.title} ${copy?.description}`).not.toMatch(/timeline/i);
    }
  });
});
