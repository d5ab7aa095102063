import { describe, expect, it } from 'vitest';
import { imageSrc, initials, requesterName, shownName } from './names.ts';

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
  it('takes at most two letters', () => {
    expect(initials({ displayName: 'ada lovelace byron' })).toBe('AL');
    expect(initials({ firstName: 'grace' })).toBe('GR');
    expect(initials({})).toBe('US');
  });
});

describe('imageSrc', () => {
  it('prefixes /objects/ when missing', () => {
    expect(imageSrc('uploads/abc')).toBe('/objects/uploads/abc');
    expect(imageSrc('/objects/uploads/abc')).toBe('/objects/uploads/abc');
    expect(imageSrc(null)).toBeUndefined();
  });
});

describe('requesterName', () => {
  it('names requesters by display name, full name, one name, e-mail, then Anonymous User', () => {
    expect(requesterName({ displayName: 'Ada L', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada L');
    expect(requesterName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(requesterName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(requesterName({ email: 'ada@example.test' })).toBe('ada');
    expect(requesterName({})).toBe('Anonymous User');
  });
});
