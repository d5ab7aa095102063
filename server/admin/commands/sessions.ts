// `sessions revoke EMAIL`: signs the account out everywhere.
import { SessionStore } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { findUser } from './find.ts';

/**
 * Ends every session of the account; returns their stored keys, which the caller publishes as session events
 * so every instance closes their sockets at once.
 */
export async function revokeSessions(db: Db, email: string): Promise<string[]> {
  const user = await findUser(db, email);
  // Ending sessions by user id reads no cookie token, so the store needs no real secret.
  return new SessionStore(db, 'admin: no cookie tokens here').destroyAllFor(user.id);
}
