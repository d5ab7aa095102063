import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMING } from '../../common/limits.ts';
import { cleanup, renderHook } from '../features/home/test/render.tsx';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useCopyToClipboard', () => {
  it('writes the text and shows "copied" for 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const hook = renderHook(() => useCopyToClipboard());
    let ok = false;
    await act(async () => {
      ok = await hook.current.copy('ABCD2345');
    });
    expect(ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
    expect(hook.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(UI_TIMING.copiedIndicatorMs - 1));
    expect(hook.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.current.copied).toBe(false);
  });

  it('reports a refused clipboard without showing "copied"', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const hook = renderHook(() => useCopyToClipboard());
    let ok = true;
    await act(async () => {
      ok = await hook.current.copy('X');
    });
    expect(ok).toBe(false);
    expect(hook.current.copied).toBe(false);
  });
});
