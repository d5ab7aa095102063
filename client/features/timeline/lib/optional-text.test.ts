import { describe, expect, it } from 'vitest';
import { optionalTextBody } from './optional-text.ts';

describe('optionalTextBody', () => {
  it('trims the text and omits the body when nothing is left', () => {
    expect(optionalTextBody('reason', '  spam  ')).toEqual({ reason: 'spam' });
    expect(optionalTextBody('reason', '   ')).toBeUndefined();
    expect(optionalTextBody('responseMessage', undefined)).toBeUndefined();
  });
});
