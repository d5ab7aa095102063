import { describe, expect, it } from 'vitest';
import { forgotPasswordPath, readForgotPasswordQuery } from './forgot-password-link.ts';

describe('forgotPasswordPath and readForgotPasswordQuery', () => {
  it('carry the typed address, trimmed and encoded, and read it back', () => {
    expect(forgotPasswordPath('')).toBe('/forgot-password');
    expect(forgotPasswordPath('   ')).toBe('/forgot-password');
    const path = forgotPasswordPath(' ada+x@example.test ');
    expect(path).toBe('/forgot-password?email=ada%2Bx%40example.test');
    expect(readForgotPasswordQuery(path.split('?')[1]!)).toBe('ada+x@example.test');
  });

  it('reads nothing without ?email= and at most 254 characters', () => {
    expect(readForgotPasswordQuery('')).toBe('');
    expect(readForgotPasswordQuery(`email=${'a'.repeat(300)}`)).toHaveLength(254);
  });
});
