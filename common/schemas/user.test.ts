import { describe, expect, it } from 'vitest';
import { loginBody, profileUpdateBody, registerBody } from './user.ts';

describe('registerBody', () => {
  it('normalises e-mail and trims optional names to null', () => {
    expect(
      registerBody.parse({
        email: '  Ada@Example.ORG ',
        password: '12345678',
        firstName: '  ',
        lastName: ' L ',
      }),
    ).toEqual({ email: 'ada@example.org', password: '12345678', firstName: null, lastName: 'L' });
  });

  it('bounds the password to 8..200 characters', () => {
    expect(registerBody.safeParse({ email: 'a@b.co', password: '1234567' }).success).toBe(false);
    expect(registerBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(200) }).success).toBe(true);
    expect(registerBody.safeParse({ email: 'a@b.co', password: 'x'.repeat(201) }).success).toBe(false);
  });

  it('refuses a malformed e-mail', () => {
    const r = registerBody.safeParse({ email: 'nope', password: '12345678' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Enter a valid email address');
  });
});

describe('loginBody', () => {
  it('needs a password', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
  });
});

describe('profileUpdateBody', () => {
  it('trims, turns empty into null and keeps undefined as "leave alone"', () => {
    expect(profileUpdateBody.parse({ displayName: ' Ada ', bio: '   ' })).toEqual({
      displayName: 'Ada',
      bio: null,
    });
    expect(profileUpdateBody.parse({})).toEqual({});
  });

  it('bounds display name at 100 and bio at 500 after trimming', () => {
    expect(profileUpdateBody.safeParse({ displayName: ` ${'x'.repeat(100)} ` }).success).toBe(true);
    expect(profileUpdateBody.safeParse({ displayName: 'x'.repeat(101) }).success).toBe(false);
    expect(profileUpdateBody.safeParse({ bio: 'x'.repeat(501) }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    expect(profileUpdateBody.safeParse({ email: 'x@y.z' }).success).toBe(false);
  });
});
