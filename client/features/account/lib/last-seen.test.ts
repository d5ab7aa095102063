import { describe, expect, it } from 'vitest';
import { shortDate } from '../../../lib/format.ts';
import { lastSeenText } from './last-seen.ts';

const NOW = Date.parse('2025-03-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60 * 1000;

describe('lastSeenText', () => {
  it('says "Active now" within 10 minutes (and for a clock a little ahead)', () => {
    expect(lastSeenText(ago(0), NOW)).toBe('Active now');
    expect(lastSeenText(ago(9 * MINUTE + 59_000), NOW)).toBe('Active now');
    expect(lastSeenText(ago(-2 * MINUTE), NOW)).toBe('Active now');
  });

  it('says how long ago within a week', () => {
    expect(lastSeenText(ago(10 * MINUTE), NOW)).toBe('Last active 10 minutes ago');
    expect(lastSeenText(ago(3 * 60 * MINUTE), NOW)).toBe('Last active 3 hours ago');
    expect(lastSeenText(ago(6 * 24 * 60 * MINUTE), NOW)).toBe('Last active 6 days ago');
  });

  it('gives the date past a week', () => {
    const old = ago(8 * 24 * 60 * MINUTE);
    expect(lastSeenText(old, NOW)).toBe(`Last active ${shortDate(old)}`);
  });
});
