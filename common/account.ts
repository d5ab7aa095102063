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
/** 403 to every sign-in of an account an operator disabled (`npm run admin -- users disable`), after its password. */
export const ACCOUNT_DISABLED = 'This account has been disabled. Contact the administrator of this site.';
export const verificationSent = (email: string) => `We sent a confirmation link to ${email}`;
export const emailChangeSent = (email: string) =>
  `We sent a link to ${email}. Your address changes once you open it.`;

// ---- Deleting one's account (DELETE /api/me, issue 26) ----
/** The toast on the landing page once the account is gone. */
export const ACCOUNT_DELETED = 'Your account was deleted';
/** 400 (local accounts): the password typed in the delete dialog is not the account's. */
export const DELETE_PASSWORD_WRONG = 'Password is incorrect';
export const DELETE_PASSWORD_REQUIRED = 'Enter your password';
/** 400: the typed confirmation is not the account's e-mail address. */
export const CONFIRM_EMAIL_MISMATCH = 'Type your e-mail address to confirm';
/** What an account without an address (OpenID Connect without a verified e-mail) types instead. */
export const DELETE_CONFIRM_WORD = 'DELETE';
/** 409: the user still owns a threadline that is not deleted. */
export const DELETE_OWNS_THREADLINES = 'Delete your threadlines or hand them over first';
/** 409: a paid plan still renews. */
export const DELETE_SUBSCRIPTION_RENEWS =
  'Cancel your subscription first (Billing): you can delete your account once it is set to end';
/** OpenID Connect: how recent the sign-in must be to delete the account. */
export const DELETE_REAUTH_WINDOW_MS = 10 * 60 * 1000;
/** 403 (OpenID Connect): the sign-in is older than DELETE_REAUTH_WINDOW_MS. */
export const DELETE_REAUTH_REQUIRED =
  'For your safety, sign in again, then delete your account within 10 minutes';

/** The confirmation the delete dialog asks for: the account's address, compared without case. */
export const deleteConfirmationMatches = (typed: string, email: string | null | undefined): boolean =>
  email ? typed.trim().toLowerCase() === email.toLowerCase() : typed.trim() === DELETE_CONFIRM_WORD;

/** The profile's "Delete my account" card and its dialog. */
export const DELETE_ACCOUNT_COPY = {
  title: 'Delete my account',
  description:
    'Remove your account for good. Threadlines you own must be deleted or handed over to another member first.',
  open: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogDescription:
    'This cannot be undone. Your posts and comments stay where they are without their text, shown as “Deleted user”. Your messages, files and memberships are removed, and every device is signed out.',
  password: 'Password',
  confirmEmail: 'Type your e-mail to confirm',
  confirmWord: `Type ${DELETE_CONFIRM_WORD} to confirm`,
  yourEmail: 'Your e-mail:',
  reauth: 'Sign in again within 10 minutes before deleting.',
  reauthLink: 'Sign in again',
  confirm: 'Delete forever',
  pending: 'Deleting...',
  cancel: 'Cancel',
  failed: 'Could not delete the account. Please try again.',
} as const;

// ---- Downloading one's data (GET /api/me/export, issue 26) ----
/** 202: the account is large, its ZIP is built in the background and a link mailed. */
export const EXPORT_PREPARING = 'Your data is being prepared. We will e-mail you a link when it is ready.';
/** 404 from a mailed link past its 24 hours (or superseded by a newer export). */
export const EXPORT_EXPIRED = 'This export has expired';
export const EXPORT_NOT_READY = 'This export is still being prepared';
export const EXPORT_FAILED = 'This export could not be prepared. Ask for a new one from your profile.';
export const EXPORT_NOT_FOUND = 'Export not found';
export const tooManyExports = (retryAfterSeconds: number) =>
  `Too many exports. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`;

/**
 * GET /api/me/export asked with `Accept: application/json` (the profile card, before it downloads) by an account
 * small enough to download at once: 200 with where to download it (the ZIP then streams to the browser's own
 * download, never held in the page's memory). A large account gets 202 `{message}` instead.
 */
export interface ExportDirect {
  download: string;
}

/** The profile's "Your data" card. */
export const DATA_EXPORT_COPY = {
  title: 'Your data',
  description:
    'A ZIP of your profile, memberships, posts, comments, reactions, messages, join requests and files.',
  download: 'Download my data',
  checking: 'Getting your data ready…',
  failed: 'Could not download your data. Please try again.',
  /** The profile opened from the "ready" mail (?export={id}). */
  ready: 'Your prepared export is ready for 24 hours after our mail.',
  readyLink: 'Download the prepared export',
} as const;
