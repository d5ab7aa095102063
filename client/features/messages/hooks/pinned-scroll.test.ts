import { describe, expect, it } from 'vitest';
import { isNearBottom, isNearTop, scrollAction, windowStart } from './pinned-scroll.ts';

const ends = (firstId: string | null, lastId: string | null) => ({ firstId, lastId });

describe('pinned scrolling', () => {
  it('knows when the reader is at the newest message or near the top', () => {
    expect(isNearBottom({ scrollTop: 920, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 900, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
    expect(isNearTop({ scrollTop: 100, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearTop({ scrollTop: 400, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
  });

  it('starts at the newest message once the first messages show', () => {
    expect(
      scrollAction(ends(null, null), ends('a', 'c'), ['a', 'b', 'c'], { pinned: false, lastIsOwn: false }),
    ).toEqual({ kind: 'bottom' });
    expect(scrollAction(ends(null, null), ends(null, null), [], { pinned: true, lastIsOwn: false })).toEqual({
      kind: 'none',
    });
  });

  it('follows arrivals while pinned, and always for one own message', () => {
    const prev = ends('a', 'b');
    const next = ends('a', 'c');
    expect(scrollAction(prev, next, ['a', 'b', 'c'], { pinned: true, lastIsOwn: false })).toEqual({
      kind: 'bottom',
    });
    expect(scrollAction(prev, next, ['a', 'b', 'c'], { pinned: false, lastIsOwn: true })).toEqual({
      kind: 'bottom',
    });
  });

  it('counts arrivals for the "New messages" button while the reader is up', () => {
    expect(
      scrollAction(ends('a', 'b'), ends('a', 'd'), ['a', 'b', 'c', 'd'], { pinned: false, lastIsOwn: false }),
    ).toEqual({ kind: 'notify', added: 2 });
    // The previous newest is gone (the window restarted): one at least.
    expect(
      scrollAction(ends('a', 'b'), ends('x', 'y'), ['x', 'y'], { pinned: false, lastIsOwn: false }),
    ).toEqual({ kind: 'notify', added: 1 });
  });

  it('keeps the view in place when older messages come in above, or stays at the bottom when pinned', () => {
    expect(
      scrollAction(ends('b', 'c'), ends('a', 'c'), ['a', 'b', 'c'], { pinned: false, lastIsOwn: false }),
    ).toEqual({ kind: 'keep' });
    expect(
      scrollAction(ends('b', 'c'), ends('a', 'c'), ['a', 'b', 'c'], { pinned: true, lastIsOwn: false }),
    ).toEqual({ kind: 'bottom' });
    // Nothing moved: a pinned reader stays pinned (a read receipt may change a height), others stay put.
    expect(
      scrollAction(ends('a', 'c'), ends('a', 'c'), ['a', 'c'], { pinned: true, lastIsOwn: false }),
    ).toEqual({
      kind: 'bottom',
    });
    expect(
      scrollAction(ends('a', 'c'), ends('a', 'c'), ['a', 'c'], { pinned: false, lastIsOwn: false }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('renders the newest messages only, unless the reader holds an anchor', () => {
    const all = Array.from({ length: 250 }, (_, i) => `m${i}`);
    expect(windowStart(all, null, 100)).toBe(150);
    expect(windowStart(all.slice(0, 30), null, 100)).toBe(0);
    expect(windowStart(all, 'm40', 100)).toBe(40);
    expect(windowStart(all, 'gone', 100)).toBe(150);
  });
});
