import { z } from 'zod';
import { EMAIL_MAX, NAME_PART_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_LIMITS } from '../limits.ts';
import { PLANS } from '../plans.ts';
import { optionalText, text } from './text.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalText(NAME_PART_MAX, 'First name'),
  lastName: optionalText(NAME_PART_MAX, 'Last name'),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/** PUT /api/profile: displayName, bio and profileImageUrl only (spec 000 §5). */
export const profileUpdateBody = z
  .object({
    displayName: optionalText(TEXT_LIMITS.displayName, 'Display name'),
    bio: optionalText(TEXT_LIMITS.bio, 'Bio', { multiline: true }),
    // Set through PUT /api/profile-image once media lands; accepted here only as an existing object path.
    profileImageUrl: text(1000, 'Profile image URL').nullish(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** GET /api/auth/user and every "the user" answer (DECISIONS §2). */
export const currentUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  plan: z.enum(PLANS),
  /** The address was confirmed (issue 26): mail notifications go only to confirmed addresses. */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
