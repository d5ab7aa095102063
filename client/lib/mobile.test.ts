import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './mobile.ts';

const fakeWindow = (userAgent: string, innerWidth: number, maxTouchPoints: number) =>
  ({ navigator: { userAgent, maxTouchPoints }, innerWidth }) as unknown as Window;

describe('isMobileDevice (spec 000 §9)', () => {
  it('is true for a mobile user agent at any width', () => {
    expect(isMobileDevice(fakeWindow('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 1024, 0))).toBe(true);
  });
  it('is true at 768 px or less with touch, false without touch or when wider', () => {
    expect(isMobileDevice(fakeWindow('Mozilla/5.0 (X11; Linux x86_64)', 768, 5))).toBe(true);
    expect(isMobileDevice(fakeWindow('Mozilla/5.0 (X11; Linux x86_64)', 360, 0))).toBe(false);
    expect(isMobileDevice(fakeWindow('Mozilla/5.0 (X11; Linux x86_64)', 1280, 5))).toBe(false);
  });
});
