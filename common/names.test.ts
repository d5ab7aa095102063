import { describe, expect, it } from 'vitest';
import { imageSrc, initials, NAMELESS, personName, shownName } from './names.ts';

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
  it('names other people by display name, full name, one name, else Member: never by their e-mail', () => {
    expect(personName({ displayName: 'Ada L', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada L');
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ firstName: ' Ada ', lastName: ' ' })).toBe('Ada');
    expect(personName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(personName({ email: 'ada@example.test' })).toBe(NAMELESS);
    expect(personName({ displayName: ' ', email: 'ada@example.test' })).toBe('Member');
    expect(personName({})).toBe('Member');
    expect(initials(personName({ firstName: 'Bob', lastName: 'Member' }))).toBe('BM');
  });
});
