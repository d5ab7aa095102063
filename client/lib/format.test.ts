import { describe, expect, it } from 'vitest';
import { capCount, groupDigits, memberCountLabel, timeAgo } from './format.ts';

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('reads "x ago" in the largest whole unit', () => {
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2025-11-20T12:00:00Z', now)).toBe('1 year ago');
  });
  it('never reads a future date as negative', () => {
    expect(timeAgo('2026-11-23T12:05:00Z', now)).toBe('just now');
  });
});

describe('capCount', () => {
  it('caps at 99+', () => {
    expect(capCount(5)).toBe('5');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
  });
});

describe('memberCountLabel', () => {
  it('counts members', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(4)).toBe('4 members');
  });
});

describe('groupDigits', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
