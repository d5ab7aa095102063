// Accounts' copy and constants (issue 26; DECISIONS §10), without zod so the client can import them
// cheaply; common/schemas/account.ts re-exports them beside the request schemas.
export const FORGOT_PASSWORD_SENT = 'If an account exists for that address, we sent a link';
export const RESET_LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password changed';
/** A mailed token: 32 random bytes, base64url. Anything else is refused before a lookup. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The reset link's lifetime. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A confirmation link's lifetime. */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already verified';
export const EMAIL_UNCHANGED = 'That is already your e-mail address';
export const SESSION_NOT_FOUND = 'That session has already ended';
export const verificationSent = (email: string) => `We sent a confirmation link to ${email}`;
export const emailChangeSent = (email: string) =>
  `We sent a link to ${email}. Your address changes once you open it.`;
