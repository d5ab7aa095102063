import { describe, expect, it } from 'vitest';
import { aggregateState } from './states.ts';

describe('aggregateState (spec 001 §4)', () => {
  it('any error gives error; all complete, complete; all paused, paused', () => {
    expect(aggregateState(['complete', 'error', 'uploading'])).toBe('error');
    expect(aggregateState(['complete', 'complete'])).toBe('complete');
    expect(aggregateState(['paused', 'paused'])).toBe('paused');
  });

  it('any started but unfinished gives uploading; nothing started is waiting', () => {
    expect(aggregateState(['complete', 'waiting'])).toBe('uploading');
    expect(aggregateState(['paused', 'complete'])).toBe('uploading');
    expect(aggregateState(['preprocessing', 'waiting'])).toBe('uploading');
    expect(aggregateState(['postprocessing'])).toBe('uploading');
    expect(aggregateState(['waiting', 'waiting'])).toBe('waiting');
    expect(aggregateState([])).toBe('waiting');
  });
});
