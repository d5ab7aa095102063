// The Redis bus (pub/sub) through the suite every bus passes (server/test/bus-contract.ts); its subscribing
// connection is killed with CLIENT KILL from another connection. Needs Redis at TEST_REDIS_URL (npm test finds
// the machine's, .ci/run starts it) and PostgreSQL for the app's part. Each file's buses get a channel of
// their own, so runs sharing one Redis never hear each other.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBus } from '../test/bus-contract.ts';
import { RedisBus } from './bus-redis.ts';

const url = process.env.TEST_REDIS_URL;
if (!url) throw new Error('bus-redis.pg.test.ts needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
const channel = `tl_test_${randomUUID()}`;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const admin = createClient({ url });

beforeAll(async () => {
  await admin.connect();
});
afterAll(async () => {
  await admin.close();
});

/** CLIENT LIST's entry with this id, if the server still has that connection. */
const entry = async (id: number) => (await admin.clientList()).find((client) => client.id === id);

describeBus<RedisBus>('RedisBus', {
  start: () => RedisBus.start({ url, channel, log: silent, reconnectBaseMs: 20 }),
  listening: (bus) => bus.listening,
  listener: (bus) => bus.subscriberId,
  kill: async (id) => {
    await admin.clientKill({ filter: 'ID', id });
  },
  alive: async (id) => (await entry(id)) !== undefined,
  appEnv: () => ({
    DATABASE_URL: process.env.TEST_DATABASE_URL!,
    REALTIME_BUS: 'redis',
    REDIS_URL: url,
    REDIS_CHANNEL: `${channel}_app`,
  }),
});

describe('RedisBus without Redis', () => {
  it('starts anyway and keeps trying; a publish serves its own hub and fails at once; close stops it', async () => {
    // Nothing listens on port 1 of loopback: every connection is refused.
    const started = Date.now();
    const bus = await RedisBus.start({
      url: 'redis://127.0.0.1:1',
      channel,
      log: silent,
      reconnectBaseMs: 20,
    });
    expect(bus.listening).toBe(false);
    const received: unknown[] = [];
    bus.onEvent((event) => received.push(event));
    await expect(bus.publish({ kind: 'session', sid: 'alone' })).rejects.toThrow();
    expect(received).toEqual([{ kind: 'session', sid: 'alone' }]);
    await bus.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
