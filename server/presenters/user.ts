import type { CurrentUser } from '../../common/schemas/user.ts';
import type { User } from '../db/schema/index.ts';

/** The signed-in user's own view of themself (DECISIONS §2). */
export function presentCurrentUser(u: User): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: u.displayName,
    bio: u.bio,
    profileImageUrl: u.profileImageUrl,
    plan: u.plan as CurrentUser['plan'],
    emailVerified: u.emailVerifiedAt !== null,
  };
}
