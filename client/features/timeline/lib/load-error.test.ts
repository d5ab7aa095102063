import { describe, expect, it } from 'vitest';
import { TIMELINE_ERRORS } from '../../../../common/timeline-errors.ts';
import { loadErrorAction } from './load-error.ts';

describe('loadErrorAction', () => {
  it('signs in again on 401 Unauthorized', () => {
    expect(loadErrorAction(new Error('401: {"message":"Unauthorized"}'))).toEqual({ kind: 'unauthorized' });
  });

  it('sends a missing or deleted threadline home with Threadline Not Found', () => {
    for (const message of [`404: {"message":"${TIMELINE_ERRORS.notFound}"}`, 'Resource not found']) {
      expect(loadErrorAction(new Error(message))).toMatchObject({
        kind: 'redirect-home',
        toast: { title: 'Threadline Not Found' },
      });
    }
  });

  it('sends a non-owner home from an archived threadline', () => {
    const action = loadErrorAction(new Error(`403: {"message":"${TIMELINE_ERRORS.archived}"}`));
    expect(action).toMatchObject({ kind: 'redirect-home', toast: { title: 'Threadline Archived' } });
  });

  it("sends other refusals home with the server message, in the screens' words (DECISIONS §2)", () => {
    const action = loadErrorAction(new Error('403: {"message":"You are blocked from this timeline"}'));
    expect(action).toEqual({
      kind: 'redirect-home',
      toast: { title: 'Access Denied', description: 'You are blocked from this threadline' },
    });
  });

  it('offers a retry for anything else', () => {
    expect(loadErrorAction(new Error('500: {"message":"Internal Server Error"}'))).toEqual({ kind: 'retry' });
    expect(loadErrorAction(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry' });
  });
});
