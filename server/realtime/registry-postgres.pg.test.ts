// The socket registry on PostgreSQL on its own (several instances are in instances.pg.test.ts): admissions
// of one user racing from two instances, instances that die (their sockets stop counting, then are swept),
// and an instance whose rows were swept registering itself again. PostgreSQL only.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME } from '../../common/realtime.ts';
import type { Database } from '../db/client.ts';
import { realtimeInstances, realtimeSockets } from '../db/schema/index.ts';
import { openScratchPostgres } from '../test/db.ts';
import { PostgresRegistry } from './registry-postgres.ts';
import type { RegisteredSocket } from './types.ts';

let database: Database;
const registries: PostgresRegistry[] = [];
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const cap = REALTIME.maxSocketsPerUser;

beforeAll(async () => {
  database = await openScratchPostgres(process.env.TEST_DATABASE_URL!, 'tl_registry');
});
afterAll(async () => {
  await Promise.all(registries.map((r) => r.close()));
  await database?.close();
});

/** An instance: its registry and the sockets it has open (as the hub would keep them). */
async function instance() {
  const open = new Map<string, RegisteredSocket>();
  // No timer in the way: the tests beat by hand.
  const registry = new PostgresRegistry({
    db: database.db,
    log: silent,
    open: () => open.values(),
    heartbeatMs: 3_600_000,
  });
  registries.push(registry);
  await registry.start();
  let clock = Date.now() * 1000;
  return {
    registry,
    open,
    /** Opens a socket as the hub does: known at once, counted after. */
    admit(userId: string, openedUs = clock++) {
      const socket = { id: randomUUID(), userId, openedUs };
      open.set(socket.id, socket);
      return { socket, over: registry.admit(socket) };
    },
  };
}

const rowsOf = async (userId: string) =>
  (
    await database.db
      .select({ id: realtimeSockets.id })
      .from(realtimeSockets)
      .where(eq(realtimeSockets.userId, userId))
  ).map((r) => r.id);

describe('PostgresRegistry', () => {
  it('sockets of one user admitted at once on two instances: the newest stay, each other one taken once', async () => {
    const [one, two] = await Promise.all([instance(), instance()]);
    for (let round = 0; round < 4; round++) {
      const userId = randomUUID();
      const base = Date.now() * 1000;
      // Interleaved opening times across both, all admitted at once.
      const opened = Array.from({ length: 3 * cap }, (_, i) =>
        (i % 2 ? one : two).admit(userId, base + i * 10),
      );
      const over = (await Promise.all(opened.map((o) => o.over))).flat();
      const byAge = opened.map((o) => o.socket.id);
      expect(new Set(over).size).toBe(over.length);
      expect(over.sort()).toEqual(byAge.slice(0, 2 * cap).sort());
      expect((await rowsOf(userId)).sort()).toEqual(byAge.slice(2 * cap).sort());
    }
  });

  it('a released socket stops counting; another user is counted apart', async () => {
    const one = await instance();
    const ada = randomUUID();
    const bob = randomUUID();
    const mine = [];
    for (let i = 0; i < cap; i++) mine.push(one.admit(ada));
    expect((await Promise.all(mine.map((m) => m.over))).flat()).toEqual([]);
    expect(await one.admit(bob).over).toEqual([]);
    await one.registry.release(mine[3]!.socket);
    expect(await one.admit(ada).over).toEqual([]);
    expect(await one.admit(ada).over).toEqual([mine[0]!.socket.id]);
  });

  it("a dead instance's sockets stop counting once its heartbeat is stale, and are swept", async () => {
    const [alive, dead] = await Promise.all([instance(), instance()]);
    const ada = randomUUID();
    const ghosts = [];
    for (let i = 0; i < cap; i++) ghosts.push(await dead.admit(ada).over);
    // Seen two minutes ago: past the 90 s it has to beat again.
    await database.db
      .update(realtimeInstances)
      .set({ seenAt: sql`now() - interval '2 minutes'` })
      .where(eq(realtimeInstances.id, dead.registry.instanceId));
    expect(await alive.admit(ada).over).toEqual([]);
    expect(await rowsOf(ada)).toHaveLength(cap + 1);
    await alive.registry.beat();
    expect(await rowsOf(ada)).toHaveLength(1);
  });

  it('an instance whose rows were swept (it looked dead) registers itself and its open sockets again', async () => {
    const one = await instance();
    const ada = randomUUID();
    const first = one.admit(ada);
    await first.over;
    await database.db.delete(realtimeInstances).where(eq(realtimeInstances.id, one.registry.instanceId));
    expect(await rowsOf(ada)).toEqual([]);
    // The next admission finds its row gone (a foreign key error) and registers again first.
    const second = one.admit(ada);
    expect(await second.over).toEqual([]);
    expect((await rowsOf(ada)).sort()).toEqual([first.socket.id, second.socket.id].sort());
    // So does the next heartbeat.
    await database.db.delete(realtimeInstances).where(eq(realtimeInstances.id, one.registry.instanceId));
    await one.registry.beat();
    expect(await rowsOf(ada)).toHaveLength(2);
  });

  it('a stopped instance deletes its rows and admits nothing more', async () => {
    const one = await instance();
    const ada = randomUUID();
    await one.admit(ada).over;
    await one.registry.close();
    expect(await rowsOf(ada)).toEqual([]);
    expect(await one.admit(ada).over).toEqual([]);
    await one.registry.beat();
    expect(await rowsOf(ada)).toEqual([]);
    const [row] = await database.db
      .select()
      .from(realtimeInstances)
      .where(eq(realtimeInstances.id, one.registry.instanceId));
    expect(row).toBeUndefined();
  });
});
