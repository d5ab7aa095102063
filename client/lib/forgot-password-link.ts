// Sign-in's "Forgot password?" link and the screen it opens (DECISIONS §10), kept out of the app's entry.
import { EMAIL_MAX } from '../../common/limits.ts';

/** "Forgot password?" carries the e-mail address typed so far (DECISIONS §10), so it need not be typed twice. */
export function forgotPasswordPath(email: string): string {
  const typed = email.trim();
  return typed ? `/forgot-password?${new URLSearchParams({ email: typed })}` : '/forgot-password';
}

/** The address /forgot-password starts with: `?email=`, cut to what the field takes. */
export const readForgotPasswordQuery = (search: string): string =>
  (new URLSearchParams(search).get('email') ?? '').slice(0, EMAIL_MAX);
