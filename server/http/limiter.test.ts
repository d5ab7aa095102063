// The limiter's pieces on their own: the address a limit counts (IPv6 by /64) and the memory store's bound.
import { describe, expect, it } from 'vitest';
import { AttemptLimiter, addressKey, MemoryAttemptStore } from './limiter.ts';

describe('addressKey', () => {
  it('keeps IPv4 as it is and counts IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:1.2.3.4',
    ]) {
      expect(addressKey(ip), ip).toBe('2001:db8:1:2::/64');
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});

describe('MemoryAttemptStore', () => {
  it('keeps at most its bound of keys, dropping the oldest first', async () => {
    const store = new MemoryAttemptStore(5);
    const limiter = new AttemptLimiter(store, () => 1_000);
    const rule = { name: 'r', max: 10, windowMs: 60_000 };
    for (let i = 0; i < 8; i++) await limiter.reserve([{ rule, subject: `s${i}` }]);
    expect(await limiter.size()).toBe(5);
    // s7 was kept (counts on), s0 was dropped (starts over).
    expect((await limiter.reserve([{ rule, subject: 's7' }])).counts).toEqual([2]);
    expect((await limiter.reserve([{ rule, subject: 's0' }])).counts).toEqual([1]);
    expect(await limiter.size()).toBe(5);
  });
});
