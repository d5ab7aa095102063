import { describe, expect, it } from 'vitest';
import { joinPayload } from './join-timeline.ts';

describe('joinPayload', () => {
  it('trims and upper-cases the code and leaves out an empty message', () => {
    expect(joinPayload({ joinCode: '  abcd2345 ', message: '   ' })).toEqual({ joinCode: 'ABCD2345' });
    expect(joinPayload({ joinCode: 'abcd2345', message: ' hi there ' })).toEqual({
      joinCode: 'ABCD2345',
      message: 'hi there',
    });
  });
});
