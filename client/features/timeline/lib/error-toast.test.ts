import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../../common/plans.ts';
import { approveFailureToast, failureToast } from './error-toast.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('failure toasts', () => {
  it('shows the catalogue text, ignoring the server unless asked', () => {
    const error = new Error('403: {"message":"Only the timeline owner can do this"}');
    expect(failureToast(error, 'Failed to block member')).toEqual({
      title: 'Error',
      description: 'Failed to block member',
    });
  });

  it("prefers the server message when asked (in the screens' words), falling back to the catalogue text", () => {
    const refused = new Error('403: {"message":"The owner cannot leave the timeline"}');
    expect(failureToast(refused, 'Failed to leave threadline', { preferServer: true }).description).toBe(
      'The owner cannot leave the threadline',
    );
    expect(
      failureToast(new TypeError('Failed to fetch'), 'Failed to leave threadline', { preferServer: true })
        .description,
    ).toBe('Failed to leave threadline');
  });

  it('names the member limit when approving fails on it', () => {
    const limit = new Error(
      `403: ${JSON.stringify({ message: PLAN_LIMIT_MESSAGES.members, planUpgradeRequired: true, limit: 10 })}`,
    );
    expect(approveFailureToast(limit, 'Failed to approve request')).toEqual({
      title: 'Failed to approve request',
      description: PLAN_LIMIT_MESSAGES.members,
    });
    expect(approveFailureToast(new Error('500: oops'), 'Failed to approve request')).toEqual({
      title: 'Error',
      description: 'Failed to approve request',
    });
  });
});
