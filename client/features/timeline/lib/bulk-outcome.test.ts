import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../../common/plans.ts';
import { bulkOutcomeToast } from './bulk-outcome.ts';

describe('bulkOutcomeToast', () => {
  it('reports every request done', () => {
    expect(bulkOutcomeToast('approve', 3, [])).toEqual({
      title: 'Requests Approved',
      description: '3 requests approved.',
    });
    expect(bulkOutcomeToast('reject', 1, [])).toEqual({
      title: 'Requests Rejected',
      description: '1 request rejected.',
    });
  });

  it('reports a partial failure with the catalogue text', () => {
    expect(bulkOutcomeToast('approve', 3, [new Error('500: boom')]).description).toBe(
      'Failed to approve some requests',
    );
    expect(bulkOutcomeToast('reject', 2, [new Error('404: gone')]).description).toBe(
      'Failed to reject some requests',
    );
  });

  it('names the member limit when it stopped some approvals', () => {
    const limit = new Error(
      `403: ${JSON.stringify({ message: PLAN_LIMIT_MESSAGES.members, planUpgradeRequired: true, limit: 10 })}`,
    );
    expect(bulkOutcomeToast('approve', 2, [limit]).description).toBe(
      'Failed to approve some requests: Member limit reached',
    );
  });
});
