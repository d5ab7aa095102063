import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to.ts';

describe('safeReturnPath', () => {
  it('keeps same-origin app paths with their query and hash', () => {
    expect(safeReturnPath('/timeline/3f0e')).toBe('/timeline/3f0e');
    expect(safeReturnPath('/messages?conversation=abc#x')).toBe('/messages?conversation=abc#x');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses absolute, protocol-relative and odd values', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'timeline/1',
      '',
      '/a\u0000b',
      '/x\ny',
      '/api/logout',
      '/login',
      // Dot segments that normalise into a protocol-relative "//evil.com".
      '/.//evil.com',
      '/%2e//evil.com',
      '/%2E//evil.com/x?y#z',
      '/a/..//evil.com',
      `/${'a'.repeat(2001)}`,
      undefined,
      42,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
