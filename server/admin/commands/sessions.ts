// `sessions revoke EMAIL`: signs the account out everywhere.
import { SessionStore } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { findUser } from './find.ts';

/** Ends every session of the account; returns how many. Open sockets close at the hub's next session check. */
export async function revokeSessions(db: Db, email: string): Promise<number> {
  const user = await findUser(db, email);
  // Ending sessions by user id reads no cookie token, so the store needs no real secret.
  return (await new SessionStore(db, 'admin: no cookie tokens here').destroyAllFor(user.id)).length;
}
