import { describe, expect, it } from 'vitest';
import text from './common-passwords.txt?raw';
import { isCommonPassword, parseCommonPasswords } from './passwords.ts';

const list = parseCommonPasswords(text);

describe('the common-password list', () => {
  it('holds the well-known ones of eight characters or more, lower-cased', () => {
    expect(list.size).toBeGreaterThan(10_000);
    for (const p of ['password', '12345678', 'password123', 'qwertyuiop', 'iloveyou', 'sunshine']) {
      expect(list.has(p), p).toBe(true);
    }
    expect([...list].every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it('matches case-insensitively, and any one character repeated', () => {
    expect(isCommonPassword('PassWord123', list)).toBe(true);
    expect(isCommonPassword('        ', list)).toBe(true);
    expect(isCommonPassword('zzzzzzzzzzzz', list)).toBe(true);
    expect(isCommonPassword('violet tram 42 harbour', list)).toBe(false);
  });
});
