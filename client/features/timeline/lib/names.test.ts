import { describe, expect, it } from 'vitest';
import { memberCountLabel, memberName, requesterName } from './names.ts';

describe('names on the threadline page', () => {
  it('names requesters by display name, full name, one name, e-mail, then Anonymous User', () => {
    expect(requesterName({ displayName: 'Ada L', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada L');
    expect(requesterName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(requesterName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(requesterName({ email: 'ada@example.test' })).toBe('ada');
    expect(requesterName({})).toBe('Anonymous User');
  });

  it('falls back to User in the members list', () => {
    expect(memberName({})).toBe('User');
  });

  it('counts members', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(4)).toBe('4 members');
  });
});
