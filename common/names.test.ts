import { describe, expect, it } from 'vitest';
import { avatarInitials, imageSrc, initials, NAMELESS, personName, shownName } from './names.ts';

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

describe('avatarInitials', () => {
  const olivia = { firstName: 'Olivia', lastName: 'Owens', email: 'olivia.l@example.test' };

  it('gives a person the same letters in their own header as beside their posts (issue 25: OL and OO)', () => {
    expect(avatarInitials(olivia, { self: true })).toBe('OO');
    expect(avatarInitials({ firstName: 'Olivia', lastName: 'Owens' })).toBe('OO');
    // Cards that only carry the name other people see (notifications) agree too.
    expect(avatarInitials({ displayName: personName(olivia) })).toBe('OO');
  });

  it('takes at most two letters: the display name first, then the first and last name, then either', () => {
    expect(avatarInitials({ displayName: 'ada lovelace byron', firstName: 'X', lastName: 'Y' })).toBe('AL');
    expect(avatarInitials({ displayName: ' ', firstName: 'grace' })).toBe('GR');
    expect(avatarInitials({ lastName: 'Hopper' }, { self: true })).toBe('HO');
  });

  it('uses the e-mail only for your own avatar; others without a name are Member (DECISIONS §2)', () => {
    expect(avatarInitials({ email: 'linus@example.org' }, { self: true })).toBe('LI');
    expect(avatarInitials({ email: 'linus@example.org' })).toBe('ME');
    expect(avatarInitials({}, { self: true })).toBe('US');
    expect(avatarInitials(null)).toBe('ME');
  });
});
