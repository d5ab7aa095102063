// The bus between instances over Redis pub/sub (REALTIME_BUS=redis): the PostgreSQL bus's contract with
// Redis carrying the events, so fan-out no longer goes through PostgreSQL's NOTIFY (and its commit lock).
// PUBLISH goes over one connection, SUBSCRIBE holds another; each payload is the same JSON envelope as on
// the PostgreSQL bus (any event object; under 8,000 bytes, ids only).
//
// The publishing instance delivers to its own hub at once (synchronously, in publish order) and skips its
// own messages when they come back; other instances get them in the order Redis received them (one
// publishing connection per instance keeps each instance's order).
//
// When the subscribing connection drops, it reconnects by itself with a doubling delay (capped) and then
// calls the onReconnect handlers. Messages published while it was down are lost to this instance (pub/sub
// keeps nothing): the hub then closes its sockets with 1012, and clients catch up by refetching when they
// reconnect (spec 000 §4), their access checked anew.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { CONNECT_TIMEOUT_MS } from '../db/client.ts';
import { ListeningBus } from './bus-listening.ts';

export const REDIS_BUS_CHANNEL = 'threadline_events';

export interface RedisBusOptions {
  url: string;
  /** Instances of one deployment share it; deployments sharing one Redis need one each (REDIS_CHANNEL). */
  channel?: string;
  log: FastifyBaseLogger;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

/**
 * A client that gives up on connecting and on each command after CONNECT_TIMEOUT_MS: behind a network black
 * hole, connect would wait minutes, and a publish would hold the request that made it.
 */
const newClient = (
  url: string,
  more: { name: string; reconnect: false | ((n: number) => number); offlineQueue: boolean },
) =>
  createClient({
    url,
    name: more.name,
    disableOfflineQueue: !more.offlineQueue,
    commandOptions: { timeout: CONNECT_TIMEOUT_MS },
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: more.reconnect },
  });
type Client = ReturnType<typeof newClient>;

/** Names in Redis's CLIENT LIST: which process holds a connection (tests kill an instance's by its pid). */
export const redisClientName = (role: 'pub' | 'sub', pid = process.pid) =>
  `threadline-${role}:${hostname()}:${pid}`;

export class RedisBus extends ListeningBus {
  readonly channel: string;
  private subscriber: Client | undefined;
  private readonly publisher: Client;
  /** The subscribing connection's CLIENT ID (tests kill it to check the reconnection). */
  subscriberId: number | undefined;

  private constructor(private readonly opts: RedisBusOptions) {
    super(opts, 'Redis SUBSCRIBE');
    this.channel = opts.channel ?? REDIS_BUS_CHANNEL;
    // node-redis reconnects this one by itself; while it is away a publish fails at once (logged by the
    // caller) rather than waiting in a queue and holding the request that published.
    this.publisher = newClient(opts.url, {
      name: redisClientName('pub'),
      reconnect: (n) => Math.min(100 * 2 ** n, 5000),
      offlineQueue: false,
    });
    this.publisher.on('error', (err) => opts.log.warn({ err }, 'real-time bus: Redis publisher error'));
  }

  /** Connects; if the subscription fails, it keeps retrying in the background. */
  static async start(opts: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(opts);
    // node-redis retries the first connection too: with Redis down, start-up does not wait for it.
    const publishing = bus.publisher.connect();
    publishing.catch((err) => opts.log.error({ err }, 'real-time bus: Redis publisher failed'));
    // Redis answers: the publisher is up too (or about to be) before the first publish.
    if (await bus.firstConnect()) await publishing.catch(() => {});
    return bus;
  }

  /** True while the subscribing connection is up. */
  get listening(): boolean {
    return this.subscriber !== undefined;
  }

  protected async connect(): Promise<void> {
    // No reconnection by node-redis here: this class reconnects, so it knows to call onReconnect.
    const client = newClient(this.opts.url, {
      name: redisClientName('sub'),
      reconnect: false,
      offlineQueue: false,
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      this.subscriberId = await client.clientId();
      await client.subscribe(this.channel, (message) => this.receive(message));
    } catch (err) {
      client.destroy();
      throw err;
    }
    if (this.closed) {
      client.destroy();
      return;
    }
    this.subscriber = client;
  }

  private lost(client: Client, err?: Error) {
    if (client !== this.subscriber || this.closed) return;
    this.subscriber = undefined;
    this.subscriberId = undefined;
    if (client.isOpen) client.destroy();
    this.lostListener(err);
  }

  protected async send(payload: string): Promise<void> {
    await this.publisher.publish(this.channel, payload);
  }

  async close(): Promise<void> {
    this.stop();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscriberId = undefined;
    if (subscriber?.isOpen) subscriber.destroy();
    // Waits for publishes on their way; a publisher still trying to connect just stops.
    if (this.publisher.isReady) await this.publisher.close().catch(() => this.publisher.destroy());
    else if (this.publisher.isOpen) this.publisher.destroy();
  }
}
