import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryImport } from './retry-import.ts';

describe('retryImport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again after 1, 2, 4 and 8 s, then every 15 s, until the chunk comes', async () => {
    let calls = 0;
    const load = vi.fn(async () => {
      calls += 1;
      if (calls < 7) throw new TypeError('Failed to fetch dynamically imported module');
      return { ok: true };
    });
    let result: unknown;
    void retryImport(load).then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    const steps: [wait: number, total: number][] = [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
      [15_000, 6],
    ];
    for (const [wait, total] of steps) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(calls).toBe(total - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(total);
    }
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toBe(7);
    expect(result).toEqual({ ok: true });
  });

  it('asks at once when the browser is back online, and only once per wait', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('offline');
      return 'loaded';
    };
    const loaded = retryImport(load);
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('loaded');
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('online'));
    expect(calls).toBe(2);
  });
});
