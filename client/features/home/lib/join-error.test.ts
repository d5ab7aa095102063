import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../../common/plans.ts';
import { TIMELINE_ERRORS } from '../../../../common/timeline-errors.ts';
import { JOIN_FALLBACK, joinErrorCopy } from './join-error.ts';

const err = (status: number, body: unknown) =>
  new Error(`${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);

describe('joinErrorCopy', () => {
  it('maps not found and deleted to Threadline Not Available', () => {
    for (const message of [TIMELINE_ERRORS.notFound, 'Timeline not found or has been deleted']) {
      expect(joinErrorCopy(err(404, { message }))).toEqual({
        title: 'Threadline Not Available',
        description: 'This threadline no longer exists or has been deleted by its owner.',
      });
    }
  });

  it('maps archived to Threadline Archived', () => {
    expect(
      joinErrorCopy(err(403, { message: 'Timeline is archived and not accepting new members' })),
    ).toEqual({
      title: 'Threadline Archived',
      description: 'This threadline has been archived and is not accepting new members.',
    });
  });

  it('maps a rejected request to Join Request Rejected', () => {
    expect(joinErrorCopy(err(403, { message: 'Your join request was rejected' }))).toEqual({
      title: 'Join Request Rejected',
      description: 'Your request to join this threadline was rejected.',
    });
  });

  it('maps the member limit to Member Limit Reached with the limit', () => {
    const copy = joinErrorCopy(
      err(403, { message: PLAN_LIMIT_MESSAGES.members, planUpgradeRequired: true, limit: 10 }),
    );
    expect(copy.title).toBe('Member Limit Reached');
    expect(copy.description).toContain(PLAN_LIMIT_MESSAGES.members);
    expect(copy.description).toContain('10 members');
  });

  it('falls back to the generic copy for anything else', () => {
    expect(joinErrorCopy(err(403, { message: 'You are blocked from this timeline' }))).toEqual(JOIN_FALLBACK);
    expect(joinErrorCopy(err(404, { message: 'Invalid join code' }))).toEqual(JOIN_FALLBACK);
    expect(joinErrorCopy(err(429, 'Too Many Requests'))).toEqual(JOIN_FALLBACK);
    expect(joinErrorCopy(new TypeError('Failed to fetch'))).toEqual(JOIN_FALLBACK);
  });
});
