import { describe, expect, it } from 'vitest';
import { imageSrc, initials, memberName, personName, shownName } from './names.ts';

describe('shownName', () => {
  it('falls back from displayName to firstName to the e-mail to User', () => {
    expect(shownName({ displayName: 'Ada', firstName: 'A', email: 'a@b.c' })).toBe('Ada');
    expect(shownName({ displayName: ' ', firstName: 'Grace', email: 'g@b.c' })).toBe('Grace');
    expect(shownName({ email: 'linus@example.org' })).toBe('linus');
    expect(shownName({})).toBe('User');
    expect(shownName(null)).toBe('User');
  });
});

describe('initials', () => {
  it('takes at most two letters of the name shown beside the avatar', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('grace')).toBe('GR');
    expect(initials('  Bob  Member ')).toBe('BM');
    expect(initials(shownName({}))).toBe('US');
    expect(initials('')).toBe('');
  });
});

describe('imageSrc', () => {
  it('prefixes /objects/ when missing', () => {
    expect(imageSrc('uploads/abc')).toBe('/objects/uploads/abc');
    expect(imageSrc('/objects/uploads/abc')).toBe('/objects/uploads/abc');
    expect(imageSrc(null)).toBeUndefined();
  });
});

describe('personName', () => {
  it('names people by display name, full name, one name, e-mail, then Anonymous User', () => {
    expect(personName({ displayName: 'Ada L', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada L');
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ firstName: ' Ada ', lastName: ' ' })).toBe('Ada');
    expect(personName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(personName({ email: 'ada@example.test' })).toBe('ada');
    expect(personName({})).toBe('Anonymous User');
  });
});

describe('memberName', () => {
  it('is the same name as the join-request panel, with User as the last resort', () => {
    const bob = { firstName: 'Bob', lastName: 'Member', email: 'bob@example.test' };
    expect(memberName(bob)).toBe(personName(bob));
    expect(memberName(bob)).toBe('Bob Member');
    expect(initials(memberName(bob))).toBe('BM');
    expect(memberName({})).toBe('User');
  });
});
