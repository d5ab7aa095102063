// The bus between instances on one PostgreSQL: NOTIFY through the pool, LISTEN on one dedicated connection
// (outside the pool, so pool.end() never waits for it). Each payload is JSON under 8,000 bytes with ids only.
//
// The publishing instance delivers to its own hub at once (synchronously, in publish order) and skips its
// own notifications when they come back; other instances get them in commit order.
//
// When the listening connection drops, it reconnects by itself with a doubling delay (capped) and then
// calls the onReconnect handlers. Events NOTIFYed while it was down are lost to this instance: the hub then
// closes its sockets with 1012, and clients catch up by refetching when they reconnect (spec 000 §4).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, type Db } from '../db/client.ts';
import { ListeningBus } from './bus-listening.ts';

export const BUS_CHANNEL = 'threadline_events';

export interface PostgresBusOptions {
  url: string;
  /** NOTIFY goes through the app's pool. */
  db: Db;
  log: FastifyBaseLogger;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

export class PostgresBus extends ListeningBus {
  private client: pg.Client | undefined;
  /** The listening connection's backend pid (tests end it to check the reconnection). */
  listenerPid: number | undefined;

  private constructor(private readonly opts: PostgresBusOptions) {
    super(opts, 'LISTEN');
  }

  /** Starts listening; if the first connection fails, it keeps retrying in the background. */
  static async start(opts: PostgresBusOptions): Promise<PostgresBus> {
    const bus = new PostgresBus(opts);
    await bus.firstConnect();
    return bus;
  }

  /** True while the listening connection is up. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  protected async connect(): Promise<void> {
    // The timeout: behind a network black hole, connect() would otherwise wait for the kernel (minutes).
    const client = new pg.Client({
      connectionString: this.opts.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.receive(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.listenerPid = rows[0]?.pid;
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, err?: Error) {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.listenerPid = undefined;
    client.end().catch(() => {});
    this.lostListener(err);
  }

  protected async send(payload: string): Promise<void> {
    await this.opts.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
  }

  async close(): Promise<void> {
    this.stop();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
