// Password reset and change for local accounts (issue 26; DECISIONS §10).
import { z } from 'zod';
import { PASSWORD_MAX } from '../limits.ts';
import { emailSchema, passwordSchema } from './user.ts';

export * from '../account.ts';

/** POST /api/auth/forgot-password: always 202 with FORGOT_PASSWORD_SENT, whatever the address. */
export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/auth/reset-password: 200 and the user, signed in; 400 RESET_LINK_INVALID for a bad token. */
export const resetPasswordBody = z.object({
  token: z.string().max(100),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/change-password: 200 {message: PASSWORD_CHANGED}; other sessions end. */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** GET /api/auth/sessions: the signed-in devices, most recently used first. */
export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/** POST /api/auth/verify-email: 200 the user; 400 EMAIL_LINK_INVALID; 409 when the new address was taken. */
export const verifyEmailBody = z.object({ token: z.string().max(100) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** POST /api/auth/change-email: 202 {message: emailChangeSent(email)}; the old address stays until confirmed. */
export const changeEmailBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  email: emailSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/**
 * DELETE /api/me: 204 and the session cookie cleared. `password` is required for local accounts (OpenID
 * Connect needs a sign-in within DELETE_REAUTH_WINDOW_MS instead); `confirmEmail` is the account's address
 * (any case), or DELETE_CONFIRM_WORD for an account without one.
 */
export const deleteAccountBody = z.object({
  password: z.string().max(PASSWORD_MAX).optional(),
  confirmEmail: z.string().max(254),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
