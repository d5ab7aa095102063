import { describe, expect, it } from 'vitest';
import { isAppPath, loginScreenPath, readLoginQuery, signInUrl } from './sign-in.ts';

describe('isAppPath', () => {
  it('matches the signed-in routes of the route table', () => {
    for (const path of [
      '/profile',
      '/billing',
      '/my-requests',
      '/messages',
      '/search',
      '/timeline/abc',
      '/profile/',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('leaves everything else to Page Not Found', () => {
    for (const path of ['/', '/login', '/timeline', '/timeline/', '/timeline/a/b', '/profiles', '/nope']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});

describe('signInUrl', () => {
  it('carries a safe path, encoded', () => {
    expect(signInUrl('/timeline/x?tab=1#c')).toBe('/api/login?returnTo=%2Ftimeline%2Fx%3Ftab%3D1%23c');
  });

  it('drops home, absolute and protocol-relative addresses', () => {
    for (const value of [undefined, null, '', '/', 'https://evil.test/x', '//evil.test', '/\\evil.test']) {
      expect(signInUrl(value), String(value)).toBe('/api/login');
    }
  });

  it('asks for the Create account tab when that is where the visitor is going', () => {
    expect(signInUrl(null, 'register')).toBe('/api/login?tab=register');
    expect(signInUrl('/profile', 'register')).toBe('/api/login?tab=register&returnTo=%2Fprofile');
    expect(signInUrl('/profile', 'signin')).toBe('/api/login?returnTo=%2Fprofile');
  });
});

describe('readLoginQuery', () => {
  it('opens the Create account tab only when asked', () => {
    expect(readLoginQuery('?tab=register').tab).toBe('register');
    expect(readLoginQuery('').tab).toBe('signin');
    expect(readLoginQuery('?tab=other').tab).toBe('signin');
  });

  it('returns to a safe same-origin path, else home', () => {
    expect(readLoginQuery('?returnTo=%2Ftimeline%2Fx').returnTo).toBe('/timeline/x');
    expect(readLoginQuery('returnTo=/my-requests').returnTo).toBe('/my-requests');
    expect(readLoginQuery('?returnTo=https%3A%2F%2Fevil.test').returnTo).toBe('/');
    expect(readLoginQuery('?returnTo=%2F%2Fevil.test').returnTo).toBe('/');
    expect(readLoginQuery('?returnTo=%2Fapi%2Flogout').returnTo).toBe('/');
    expect(readLoginQuery('').returnTo).toBe('/');
  });

  it('builds the screen path for each tab', () => {
    expect(loginScreenPath('register')).toBe('/login?tab=register');
    expect(loginScreenPath('signin')).toBe('/login');
  });
});
