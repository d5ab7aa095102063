// App processes (`node server/index.ts`) sharing one PostgreSQL database, for the tests of what crosses
// between instances (realtime/instances*.pg.test.ts): start and stop them, users whose session cookie every
// instance accepts, and sockets that follow a threadline.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SessionStore } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { buildUser } from './factories.ts';
import { type RunningServer, startServer, stopServer } from './server-process.ts';
import { openSocket, type TestSocket } from './ws.ts';

/** The session secret every instance shares, so a cookie made on one is good on all. */
export const SHARED_SECRET = 'shared-secret-that-is-long-enough-0123456789';

export interface Instance extends RunningServer {
  dir: string;
}

/** An instance on port 0 with its own DATA_DIR (and `env` on top); resolves once it listens. */
export async function startInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tl-rt-'));
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    SESSION_SECRET: SHARED_SECRET,
    ...env,
  });
  return Object.assign(server, { dir });
}

export async function stopInstance(instance: Instance) {
  await stopServer(instance);
  await rm(instance.dir, { recursive: true, force: true });
}

export type SessionUser = Awaited<ReturnType<typeof sessionUser>>;

/** A user with a session cookie that every instance accepts (sessions live in the shared database). */
export async function sessionUser(db: Db, displayName: string) {
  const row = await buildUser(db, { displayName });
  const token = await new SessionStore(db, SHARED_SECRET).create(row.id);
  return { user: row, cookie: `tl_session=${token}` };
}

/** `who`'s socket on `instance`, authenticated and following `timelineId`; kept in `sockets` to close. */
export async function followOn(
  sockets: TestSocket[],
  instance: Instance,
  who: { user: { id: string }; cookie: string },
  timelineId: string,
) {
  const socket = await openSocket(instance.base, who.cookie);
  sockets.push(socket);
  await socket.authenticate(who.user.id);
  await socket.subscribe(timelineId);
  return socket;
}
