// The words of an ownership offer (issue 26, DECISIONS §10): the owner's confirmation, and why an accept was
// refused when the accepting member's own plan cannot hold the threadline (DECISIONS §4: threadlines owned,
// members per threadline). Built from the plan table and the server's refusals (zod-free common modules).
import { PLAN_DISPLAY_NAMES, PLAN_LIMIT_MESSAGES, PLAN_LIMITS, PLANS } from '../../../../common/plans.ts';
import { errorBody } from '../../../lib/authUtils.ts';

/** The confirmation's text; an offer already out to someone else is replaced, and it says so. */
export function offerDescription(name: string, replacing?: string): string {
  const base = `${name} becomes the owner once they accept. You stay on as a moderator.`;
  return replacing ? `${base} Your offer to ${replacing} is withdrawn.` : base;
}

export interface LimitCopy {
  title: string;
  description: string;
  /** Whether an Upgrade Plan button makes sense (a bigger plan would hold it). */
  canUpgrade: boolean;
}

const numberOr = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * A 403 `{planUpgradeRequired, limit}` to an accept, in the screen's words; undefined for any other error.
 * `memberCount`: the threadline's members, to name a plan that holds them all.
 */
export function acceptLimitCopy(error: unknown, memberCount?: number): LimitCopy | undefined {
  const body = errorBody(error);
  if (body?.planUpgradeRequired !== true) return undefined;
  const limit = numberOr(body.limit);
  if (body.message === PLAN_LIMIT_MESSAGES.members) {
    if (limit === undefined) {
      return {
        title: 'Member Limit Reached',
        description:
          'This threadline has more members than your plan allows. Upgrade your plan, then accept again.',
        canUpgrade: true,
      };
    }
    // A plan above the limit that holds every member there is now.
    const needed = Math.max(memberCount ?? 0, limit + 1);
    const next = PLANS.find((plan) => PLAN_LIMITS[plan].maxMembersPerTimeline >= needed);
    const base = `This threadline has more members than your plan allows (up to ${limit} per threadline).`;
    return {
      title: 'Member Limit Reached',
      description: next
        ? `${base} Upgrade to ${PLAN_DISPLAY_NAMES[next]} for up to ${PLAN_LIMITS[next].maxMembersPerTimeline} members per threadline, then accept again.`
        : base,
      canUpgrade: next !== undefined,
    };
  }
  // Threadlines owned ('Timeline limit reached'): the accept would make one more.
  const next = PLANS.find((plan) => PLAN_LIMITS[plan].maxTimelines > (limit ?? 0));
  const base =
    limit === undefined
      ? 'You own as many threadlines as your plan allows.'
      : `You've reached your plan limit of ${limit} threadlines.`;
  return {
    title: 'Threadline Limit Reached',
    description:
      limit === undefined
        ? `${base} Upgrade your plan, then accept again.`
        : next
          ? `${base} Upgrade to ${PLAN_DISPLAY_NAMES[next]} for up to ${PLAN_LIMITS[next].maxTimelines} threadlines, then accept again.`
          : base,
    canUpgrade: limit === undefined || next !== undefined,
  };
}
