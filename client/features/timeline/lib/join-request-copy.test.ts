import { describe, expect, it } from 'vitest';
import { emptyRequestsText, STATUS_FILTERS, statusParam } from './join-request-copy.ts';

describe('join request panel copy', () => {
  it('starts at pending and offers approved, rejected and all', () => {
    expect(STATUS_FILTERS).toEqual(['pending', 'approved', 'rejected', 'all']);
  });

  it('says which requests are missing', () => {
    expect(emptyRequestsText('pending')).toBe('No pending join requests');
    expect(emptyRequestsText('rejected')).toBe('No rejected join requests');
    expect(emptyRequestsText('all')).toBe('No join requests');
  });

  it('omits the status for all', () => {
    expect(statusParam('all')).toBeUndefined();
    expect(statusParam('approved')).toBe('approved');
  });
});
