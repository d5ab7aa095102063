// The PostgreSQL bus on its own: order across instances, no echo of an instance's own events, the payload
// limit, and a listening connection that comes back by itself after PostgreSQL drops it. PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { openScratchPostgres } from '../test/db.ts';
import { socketUser } from '../test/ws.ts';
import { PostgresBus } from './bus-postgres.ts';
import { SERVICE_RESTART } from './hub.ts';
import type { BusEvent } from './types.ts';
import { BusPayloadTooLarge } from './wire.ts';

let database: Database;
const buses: PostgresBus[] = [];
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

beforeAll(async () => {
  database = await openScratchPostgres(process.env.TEST_DATABASE_URL!, 'tl_bus');
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await database?.close();
});

async function bus(received: BusEvent[] = []) {
  const b = await PostgresBus.start({
    url: database.url!,
    db: database.db,
    log: silent,
    reconnectBaseMs: 20,
  });
  b.onEvent((event) => received.push(event));
  buses.push(b);
  return { bus: b, received };
}

const session = (n: number): BusEvent => ({ kind: 'session', sid: `sid-${n}` });

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PostgresBus', () => {
  it('delivers to itself at once and to the other instance in publish order, once each', async () => {
    const one = await bus();
    const two = await bus();
    for (let i = 0; i < 50; i++) await one.bus.publish(session(i));
    // Local delivery happened during publish, before any NOTIFY came back.
    expect(one.received).toHaveLength(50);
    await until(() => two.received.length === 50);
    expect(two.received).toEqual(Array.from({ length: 50 }, (_, i) => session(i)));
    // Its own notifications came back over LISTEN and were skipped: `two` publishes after all 50 committed,
    // and one listening connection gets notifications in commit order, so they came back before this one.
    await two.bus.publish(session(50));
    await until(() => one.received.length > 50);
    expect(one.received).toEqual(Array.from({ length: 51 }, (_, i) => session(i)));
  });

  it('refuses a payload NOTIFY would refuse, before sending anything', async () => {
    const one = await bus();
    const two = await bus();
    const big: BusEvent = { kind: 'session', sid: 'x'.repeat(8000) };
    await expect(one.bus.publish(big)).rejects.toBeInstanceOf(BusPayloadTooLarge);
    await one.bus.publish(session(1));
    await until(() => two.received.length === 1);
    expect(one.received).toEqual([session(1)]);
  });

  it('reconnects by itself when the listening connection is killed, then calls onReconnect', async () => {
    const one = await bus();
    const two = await bus();
    let reconnects = 0;
    two.bus.onReconnect(() => reconnects++);
    const pid = two.bus.listenerPid;
    expect(pid).toBeTypeOf('number');
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await until(() => reconnects === 1);
    expect(two.bus.listening).toBe(true);
    expect(two.bus.listenerPid).not.toBe(pid);
    await one.bus.publish(session(7));
    await until(() => two.received.length === 1);
    expect(two.received).toEqual([session(7)]);
  });

  it('closing ends the listener, so the pool can end', async () => {
    const one = await bus();
    const pid = one.bus.listenerPid ?? -1;
    await one.bus.close();
    expect(one.bus.listening).toBe(false);
    const backends = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    // The backend exits just after the client has gone.
    await expect.poll(backends, { timeout: 10_000, interval: 20 }).toBe(0);
  });
});

describe('an app whose bus lost its listening connection', () => {
  it('closes its sockets with 1012 once it is back, so clients reconnect and refetch', async () => {
    const t = await buildTestApp();
    try {
      const ada = await socketUser(t.app);
      const bus = t.app.realtimeHub.bus as PostgresBus;
      await t.app.db.execute(sql`select pg_terminate_backend(${bus.listenerPid})`);
      const closed = await ada.socket.waitClose(10_000);
      expect(closed).toEqual({ code: SERVICE_RESTART, reason: 'Events may have been missed' });
      expect(bus.listening).toBe(true);
      // A new socket works as before.
      const again = await socketUser(t.app, { user: ada.user });
      await again.socket.close();
    } finally {
      await t.close();
    }
  });
});
