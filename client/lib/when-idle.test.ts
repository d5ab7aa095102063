import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleDelay, whenSettled } from './when-idle.ts';

const delay = settleDelay.ms;
beforeEach(() => {
  vi.useFakeTimers();
  settleDelay.ms = 3000;
});
afterEach(() => {
  vi.useRealTimers();
  settleDelay.ms = delay;
});

describe('whenSettled', () => {
  it('waits for the delay after load, then runs once', () => {
    const run = vi.fn();
    whenSettled(run);
    vi.advanceTimersByTime(2900);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a key', () => new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })],
    ['a pointer', () => new PointerEvent('pointerdown', { bubbles: true })],
  ])('runs at once when %s is pressed first, and not again when the delay ends', (_, event) => {
    const run = vi.fn();
    whenSettled(run);
    vi.advanceTimersByTime(500);
    document.body.dispatchEvent(event());
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, neither on input nor after the delay', () => {
    const run = vi.fn();
    const cancel = whenSettled(run);
    cancel();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
  });
});
