// Tokens mailed in links (password reset, e-mail confirmation): 32 random bytes, base64url (43 characters);
// the database keeps only the SHA-256, so a leaked table opens nothing.
import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_PATTERN } from '../../common/schemas/account.ts';

export const newMailToken = () => randomBytes(32).toString('base64url');
export const mailTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** The shape every mailed token has; anything else is refused before a lookup. */
export const isMailToken = (token: string) => RESET_TOKEN_PATTERN.test(token);
