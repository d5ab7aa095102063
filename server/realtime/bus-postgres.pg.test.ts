// The PostgreSQL bus (LISTEN/NOTIFY) through the suite every bus passes (server/test/bus-contract.ts); its
// listening connection is killed with pg_terminate_backend. PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client.ts';
import { describeBus } from '../test/bus-contract.ts';
import { openScratchPostgres } from '../test/db.ts';
import { PostgresBus } from './bus-postgres.ts';

let database: Database;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

beforeAll(async () => {
  database = await openScratchPostgres(process.env.TEST_DATABASE_URL!, 'tl_bus');
});
afterAll(async () => {
  await database?.close();
});

const backends = async (pid: number) =>
  (
    (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describeBus<PostgresBus>('PostgresBus', {
  start: () => PostgresBus.start({ url: database.url!, db: database.db, log: silent, reconnectBaseMs: 20 }),
  listening: (bus) => bus.listening,
  listener: (bus) => bus.listenerPid,
  kill: async (pid) => {
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
  },
  alive: async (pid) => (await backends(pid)) > 0,
  appEnv: () => ({}),
});
