import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backTarget } from './back-target.ts';
import { notePath, pathBefore, resetPaths } from './previous-path.ts';

const ORIGIN = 'https://threadline.example';
const timeline = { label: 'Back to Threadline', href: '/timeline/abc' };
const home = { label: 'Back to Home', href: '/' };

// Files share the worker's modules: an earlier file's app may have noted its paths here.
beforeEach(resetPaths);
afterEach(resetPaths);

describe('pathBefore', () => {
  it('is null on a fresh load', () => {
    expect(pathBefore('/messages')).toBeNull();
    notePath('/messages');
    expect(pathBefore('/messages')).toBeNull();
  });

  it('is the path left for this one, whether or not the tracker saw this one yet', () => {
    notePath('/');
    notePath('/timeline/abc');
    expect(pathBefore('/messages')).toBe('/timeline/abc');
    notePath('/messages');
    expect(pathBefore('/messages')).toBe('/timeline/abc');
  });
});

describe('backTarget (spec 000 §2)', () => {
  it('follows the previous in-app path first', () => {
    expect(backTarget('/timeline/abc', '', ORIGIN)).toEqual(timeline);
    expect(backTarget('/timeline/abc/x', `${ORIGIN}/`, ORIGIN)).toEqual(timeline);
    expect(backTarget('/', `${ORIGIN}/timeline/zzz`, ORIGIN)).toEqual(home);
    expect(backTarget('/my-requests', '', ORIGIN)).toEqual(home);
  });

  it("falls back to this site's referrer on a fresh load", () => {
    expect(backTarget(null, `${ORIGIN}/timeline/abc?x=1`, ORIGIN)).toEqual(timeline);
    expect(backTarget(null, `${ORIGIN}/profile`, ORIGIN)).toEqual(home);
    expect(backTarget(null, '', ORIGIN)).toEqual(home);
    expect(backTarget(null, 'https://elsewhere.example/timeline/abc', ORIGIN)).toEqual(home);
    expect(backTarget(null, 'not a url', ORIGIN)).toEqual(home);
  });
});
