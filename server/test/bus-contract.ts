// What every bus between instances promises (server/realtime/types.ts EventBus), as one suite that each bus's
// test file runs with a harness of its own: bus-postgres.pg.test.ts (LISTEN/NOTIFY) and bus-redis.pg.test.ts
// (Redis pub/sub). Order per publisher, no echo of an instance's own events, any event object carried as
// JSON, the payload limit, a listening connection killed from outside that comes back by itself, closing,
// and an app whose bus lost its listening connection closing its sockets with 1012.
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_RESTART } from '../realtime/hub.ts';
import type { BusEvent, EventBus } from '../realtime/types.ts';
import { BusPayloadTooLarge } from '../realtime/wire.ts';
import { buildTestApp } from './app.ts';
import { socketUser } from './ws.ts';

export interface BusHarness<B extends EventBus> {
  /** A new bus (another instance) on the backend all of this file's buses share. */
  start(): Promise<B>;
  /** True while its listening connection is up. */
  listening(bus: B): boolean;
  /** Its listening connection as the server knows it (a backend pid, a CLIENT ID). */
  listener(bus: B): number | undefined;
  /** Ends that connection from another one, as an operator or a failover would. */
  kill(listener: number): Promise<void>;
  /** Whether the server still has that connection. */
  alive(listener: number): Promise<boolean>;
  /** buildTestApp's environment for an app on this bus (on the api-postgres project's database). */
  appEnv(): Record<string, string>;
}

const session = (n: number): BusEvent => ({ kind: 'session', sid: `sid-${n}` });

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function describeBus<B extends EventBus>(name: string, harness: BusHarness<B>) {
  const buses: B[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  async function bus(received: BusEvent[] = []) {
    const b = await harness.start();
    b.onEvent((event) => received.push(event));
    buses.push(b);
    return { bus: b, received };
  }

  describe(name, () => {
    it('delivers to itself at once and to the other instance in publish order, once each', async () => {
      const one = await bus();
      const two = await bus();
      for (let i = 0; i < 50; i++) await one.bus.publish(session(i));
      // Local delivery happened during publish, before anything came back over the bus.
      expect(one.received).toHaveLength(50);
      await until(() => two.received.length === 50);
      expect(two.received).toEqual(Array.from({ length: 50 }, (_, i) => session(i)));
      // Its own events came back and were skipped: `two` publishes after the server took all 50, and one
      // listening connection gets them in that order, so they came back before this one.
      await two.bus.publish(session(50));
      await until(() => one.received.length > 50);
      expect(one.received).toEqual(Array.from({ length: 51 }, (_, i) => session(i)));
    });

    it('tells when another instance published an event (for the lag in /metrics), not for its own', async () => {
      const one = await bus();
      const two = await bus();
      const stamps: (number | undefined)[] = [];
      const local: (number | undefined)[] = [];
      two.bus.onEvent((_event, sentAt) => stamps.push(sentAt));
      one.bus.onEvent((_event, sentAt) => local.push(sentAt));
      const before = Date.now();
      await one.bus.publish(session(0));
      await until(() => stamps.length === 1);
      expect(stamps[0]).toBeGreaterThanOrEqual(before);
      expect(stamps[0]).toBeLessThanOrEqual(Date.now());
      expect(local).toEqual([undefined]);
    });

    it('keeps each publisher’s order when two publish at once, as a third instance sees it', async () => {
      const one = await bus();
      const two = await bus();
      const third = await bus();
      const from =
        (who: string) =>
        (n: number): BusEvent => ({ kind: 'session', sid: `${who}-${n}` });
      await Promise.all([
        (async () => {
          for (let i = 0; i < 40; i++) await one.bus.publish(from('one')(i));
        })(),
        (async () => {
          for (let i = 0; i < 40; i++) await two.bus.publish(from('two')(i));
        })(),
      ]);
      await until(() => third.received.length === 80);
      const of = (who: string) =>
        third.received.filter((e) => e.kind === 'session' && e.sid.startsWith(`${who}-`));
      expect(of('one')).toEqual(Array.from({ length: 40 }, (_, i) => from('one')(i)));
      expect(of('two')).toEqual(Array.from({ length: 40 }, (_, i) => from('two')(i)));
    });

    it('hands a prerendered message to its own instance only: ids alone cross (DECISIONS §1)', async () => {
      const one = await bus();
      const two = await bus();
      const here: unknown[] = [];
      const there: unknown[] = [];
      one.bus.onEvent((_event, _sentAt, prerendered) => here.push(prerendered));
      two.bus.onEvent((event, _sentAt, prerendered) => there.push([event, prerendered]));
      const message = { type: 'new_post', data: { text: 'not for the wire' }, timestamp: 'now' };
      await one.bus.publish(session(0), message as never);
      expect(here).toEqual([message]);
      await until(() => there.length === 1);
      expect(there).toEqual([[session(0), undefined]]);
    });

    it('carries any event object as JSON, kinds it does not know included', async () => {
      const one = await bus();
      const two = await bus();
      const novel = { kind: 'from-a-newer-release', ids: ['a', 'b'], nested: { n: 1, ok: true, none: null } };
      await one.bus.publish(novel as unknown as BusEvent);
      await until(() => two.received.length === 1);
      expect(two.received).toEqual([novel]);
      // Copies, never the publisher's object.
      expect(one.received[0]).toEqual(novel);
      expect(one.received[0]).not.toBe(novel);
    });

    it('refuses a payload NOTIFY would refuse, before sending anything', async () => {
      const one = await bus();
      const two = await bus();
      const big: BusEvent = { kind: 'session', sid: 'x'.repeat(8000) };
      await expect(one.bus.publish(big)).rejects.toBeInstanceOf(BusPayloadTooLarge);
      await one.bus.publish(session(1));
      await until(() => two.received.length === 1);
      expect(one.received).toEqual([session(1)]);
      expect(two.received).toEqual([session(1)]);
    });

    it('reconnects by itself when the listening connection is killed, then calls onReconnect', async () => {
      const one = await bus();
      const two = await bus();
      let reconnects = 0;
      two.bus.onReconnect(() => reconnects++);
      const listener = harness.listener(two.bus);
      expect(listener).toBeTypeOf('number');
      await harness.kill(listener!);
      await until(() => reconnects === 1);
      expect(harness.listening(two.bus)).toBe(true);
      expect(harness.listener(two.bus)).not.toBe(listener);
      // Listening again by the time onReconnect ran: the next event arrives.
      await one.bus.publish(session(7));
      await until(() => two.received.length === 1);
      expect(two.received).toEqual([session(7)]);
      // And its own publishing still works (on PostgreSQL through the pool, on Redis its own connection).
      await two.bus.publish(session(8));
      await until(() => one.received.length === 2);
      expect(one.received).toEqual([session(7), session(8)]);
    });

    it('is killed again and again and comes back each time', async () => {
      const one = await bus();
      const two = await bus();
      let reconnects = 0;
      two.bus.onReconnect(() => reconnects++);
      for (let round = 1; round <= 3; round++) {
        await harness.kill(harness.listener(two.bus)!);
        await until(() => reconnects === round);
        await one.bus.publish(session(round));
        await until(() => two.received.length === round);
      }
      expect(two.received).toEqual([session(1), session(2), session(3)]);
    });

    it('closing ends the listener', async () => {
      const one = await bus();
      const listener = harness.listener(one.bus) ?? -1;
      expect(await harness.alive(listener)).toBe(true);
      await one.bus.close();
      expect(harness.listening(one.bus)).toBe(false);
      // The server lets it go just after the client has gone.
      await expect.poll(() => harness.alive(listener), { timeout: 10_000, interval: 20 }).toBe(false);
    });

    it('an app whose bus lost its listening connection closes its sockets with 1012 once it is back', async () => {
      const t = await buildTestApp(harness.appEnv());
      try {
        const ada = await socketUser(t.app);
        const appBus = t.app.realtimeHub.bus as B;
        await harness.kill(harness.listener(appBus)!);
        const closed = await ada.socket.waitClose(10_000);
        expect(closed).toEqual({ code: SERVICE_RESTART, reason: 'Events may have been missed' });
        expect(harness.listening(appBus)).toBe(true);
        // A new socket works as before.
        const again = await socketUser(t.app, { user: ada.user });
        await again.socket.close();
      } finally {
        await t.close();
      }
    });
  });
}
