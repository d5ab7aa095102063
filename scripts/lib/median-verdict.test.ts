import { describe, expect, it } from 'vitest';
import { medianVerdict } from './median-verdict.mjs';

const median = (scores: number[]) => [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;

describe('medianVerdict', () => {
  it('settles five runs after three on one side, with a bound the whole median keeps', () => {
    expect(medianVerdict([80, 84, 75], 95, 5)).toEqual({ decided: true, ok: false, median: 84 });
    expect(medianVerdict([96, 97, 95], 95, 5)).toEqual({ decided: true, ok: true, median: 95 });
    expect(medianVerdict([96, 90], 95, 5).decided).toBe(false);
    expect(medianVerdict([96, 90, 97, 91], 95, 5).decided).toBe(false);
    expect(medianVerdict([96, 90, 97, 91, 99], 95, 5)).toEqual({ decided: true, ok: true, median: 96 });
  });

  it.each([4, 5])('decides %i runs early only as every way they could go on agrees', (planned) => {
    // Every sequence of scores from a small set: where the verdict is decided early, each way the runs could
    // have gone on gives the same verdict, and a median on the bound's side.
    const values = [90, 94, 95, 96];
    let all: number[][] = [[]];
    for (let i = 0; i < planned; i++) all = all.flatMap((s) => values.map((v) => [...s, v]));
    for (const runs of all) {
      const whole = median(runs);
      for (let k = 1; k <= planned; k++) {
        const v = medianVerdict(runs.slice(0, k), 95, planned);
        if (!v.decided) continue;
        expect(v.ok).toBe(whole >= 95);
        if (v.ok) expect(whole).toBeGreaterThanOrEqual(v.median);
        else expect(whole).toBeLessThanOrEqual(v.median);
      }
      expect(medianVerdict(runs, 95, planned)).toEqual({ decided: true, ok: whole >= 95, median: whole });
    }
  });

  it('keeps the upper median of an even count (BUDGET_RUNS=4)', () => {
    expect(medianVerdict([90, 96, 91, 97], 95, 4)).toEqual({ decided: true, ok: true, median: 96 });
    expect(medianVerdict([90, 91, 92], 95, 4)).toEqual({ decided: true, ok: false, median: 92 });
    expect(medianVerdict([90, 96, 91], 95, 4).decided).toBe(false);
  });
});
