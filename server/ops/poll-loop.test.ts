import { describe, expect, it } from 'vitest';
import { PollLoop } from './poll-loop.ts';

/** A run that waits to be released, counting how often it started. */
function gatedRuns() {
  let runs = 0;
  let release: () => void = () => {};
  let started: () => void = () => {};
  return {
    run: () => {
      runs++;
      started();
      return new Promise<void>((resolve) => (release = resolve));
    },
    count: () => runs,
    release: () => release(),
    /** Resolves when the next run has started (ask before it starts). */
    nextStart: () => new Promise<void>((resolve) => (started = resolve)),
  };
}

describe('PollLoop', () => {
  it('runs at start; a wake during a run runs once more after it, never two at a time; stop waits for it', async () => {
    const gate = gatedRuns();
    const loop = new PollLoop(gate.run, 60_000, () => {});
    const first = gate.nextStart();
    loop.start();
    await first;
    loop.wake();
    loop.wake();
    expect(gate.count()).toBe(1);
    const second = gate.nextStart();
    gate.release();
    await second;
    expect(gate.count()).toBe(2);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.release();
    await stopping;
    // Stopped: a wake starts nothing.
    loop.wake();
    expect(gate.count()).toBe(2);
  });

  it('hands a failed run to onError and goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let second: () => void = () => {};
    const again = new Promise<void>((resolve) => (second = resolve));
    const loop = new PollLoop(
      async () => {
        runs++;
        if (runs === 1) throw new Error('boom');
        second();
      },
      0,
      (err) => errors.push(err),
    );
    loop.start();
    await again;
    await loop.stop();
    expect(errors).toEqual([new Error('boom')]);
  });
});
