import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMING } from '../../common/limits.ts';
import { fieldErrors, handleUnauthorized, isUnauthorizedError, serverMessage } from './authUtils.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('isUnauthorizedError', () => {
  it('matches errors built from a 401 Unauthorized answer', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
  });

  it('does not match other errors', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: {"message":"Unauthorized"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('handleUnauthorized', () => {
  it('shows the destructive toast, then goes to /api/login after 500 ms, back to this page', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/my-requests?x=1');
    const toast = vi.fn();
    const navigate = vi.fn();
    handleUnauthorized(toast, navigate);
    expect(toast).toHaveBeenCalledWith({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    vi.advanceTimersByTime(UI_TIMING.unauthorizedRedirectMs - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login?returnTo=%2Fmy-requests%3Fx%3D1');
    expect(UI_TIMING.unauthorizedRedirectMs).toBe(500);
  });
});

describe('serverMessage', () => {
  it('reads the message field out of a "status: JSON" error', () => {
    expect(serverMessage(new Error('400: {"message":"Display name must be at most 100 characters"}'))).toBe(
      'Display name must be at most 100 characters',
    );
  });

  it('uses a plain-text body, and gives nothing for network failures or bodies without a message', () => {
    expect(serverMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(new Error('400: {"errors":[]}'))).toBeUndefined();
    expect(serverMessage(undefined)).toBeUndefined();
  });
});

describe('fieldErrors', () => {
  const answer = (status: number, body: unknown) => new Error(`${status}: ${JSON.stringify(body)}`);

  it('gives the first problem of each field of a 400 answer', () => {
    const error = answer(400, {
      message: 'Current password is incorrect (and 2 more)',
      errors: [
        { path: 'currentPassword', message: 'Current password is incorrect' },
        { path: 'newPassword', message: 'Password must be at least 8 characters' },
        { path: 'newPassword', message: 'This password is too common' },
        { path: 'constructor', message: 'Odd but kept' },
        { path: 7, message: 'no path' },
        null,
      ],
    });
    expect(fieldErrors(error)).toEqual({
      currentPassword: 'Current password is incorrect',
      newPassword: 'Password must be at least 8 characters',
      constructor: 'Odd but kept',
    });
  });

  it('is empty for answers without field problems and for other errors', () => {
    expect(fieldErrors(answer(429, { message: 'Too many', retryAfter: 5 }))).toEqual({});
    expect(fieldErrors(answer(400, { errors: 'nope' }))).toEqual({});
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});
