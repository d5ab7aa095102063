import { describe, expect, it } from 'vitest';
import { fitWithin } from './scale.ts';

describe('fitWithin', () => {
  it('keeps frames already inside 1280x720', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1280, 720)).toEqual({ width: 1280, height: 720 });
  });

  it('scales larger frames down, keeping the aspect', () => {
    expect(fitWithin(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(3840, 2160)).toEqual({ width: 1280, height: 720 });
    // 4:3 is limited by the height.
    expect(fitWithin(1440, 1080)).toEqual({ width: 960, height: 720 });
    // Wider than 16:9 is limited by the width.
    expect(fitWithin(2560, 1080)).toEqual({ width: 1280, height: 540 });
  });

  it('limits a portrait frame by the 720 height', () => {
    expect(fitWithin(720, 1280)).toEqual({ width: 404, height: 720 });
  });

  it('gives even sides', () => {
    const { width, height } = fitWithin(1921, 1081);
    expect(width % 2).toBe(0);
    expect(height % 2).toBe(0);
    expect(width).toBeLessThanOrEqual(1280);
    expect(height).toBeLessThanOrEqual(720);
    expect(fitWithin(641, 481)).toEqual({ width: 640, height: 480 });
  });

  it('answers 0x0 for a frame with no size', () => {
    expect(fitWithin(0, 0)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 100)).toEqual({ width: 0, height: 0 });
  });

  it('takes another box', () => {
    expect(fitWithin(1000, 1000, 500, 500)).toEqual({ width: 500, height: 500 });
  });
});
