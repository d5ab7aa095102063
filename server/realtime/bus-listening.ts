// What the PostgreSQL and Redis buses share: the envelope, delivery to this instance's own hub at once (and
// skipping its own messages when they come back), and reconnecting the listening connection by itself with a
// doubling delay (capped), then calling the onReconnect handlers (events sent meanwhile are lost here).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus, Prerendered } from './types.ts';
import { encodePayload } from './wire.ts';

interface Envelope {
  /** The publishing instance. */
  o: string;
  e: BusEvent;
  /** When it was published (epoch ms), for the bus's lag. */
  t?: number;
}

export interface ListeningOptions {
  log: FastifyBaseLogger;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
}

export abstract class ListeningBus implements EventBus {
  readonly instanceId = randomUUID();
  protected closed = false;
  private handler: ((event: BusEvent, sentAt?: number, prerendered?: Prerendered) => void) | undefined;
  private readonly reconnectHandlers: (() => void)[] = [];
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  protected constructor(
    protected readonly base: ListeningOptions,
    /** How the logs name the listening connection ("LISTEN", "Redis SUBSCRIBE"). */
    private readonly listener: string,
  ) {}

  /** Opens the listening connection (and keeps it, unless the bus closed meanwhile); throws on failure. */
  protected abstract connect(): Promise<void>;
  /** Sends a payload to every instance. */
  protected abstract send(payload: string): Promise<void>;

  /** The first connection; if it fails, the bus keeps retrying in the background. True when it came up. */
  protected async firstConnect(): Promise<boolean> {
    try {
      await this.connect();
      return true;
    } catch (err) {
      this.base.log.error({ err }, `real-time bus: ${this.listener} connection failed; retrying`);
      this.scheduleReconnect();
      return false;
    }
  }

  protected lostListener(err?: Error) {
    this.base.log.warn({ err }, `real-time bus: ${this.listener} connection lost; reconnecting`);
    this.scheduleReconnect();
  }

  protected scheduleReconnect() {
    if (this.closed || this.timer) return;
    const first = this.base.reconnectBaseMs ?? 100;
    const delay = Math.min(first * 2 ** this.attempt, this.base.reconnectMaxMs ?? 5000);
    this.attempt++;
    this.timer = setTimeout(async () => {
      this.timer = undefined;
      try {
        await this.connect();
      } catch (err) {
        this.base.log.warn({ err, attempt: this.attempt }, 'real-time bus: reconnection failed');
        this.scheduleReconnect();
        return;
      }
      if (this.closed) return;
      this.attempt = 0;
      this.base.log.info(`real-time bus: ${this.listener} connection back`);
      for (const handler of this.reconnectHandlers) handler();
    }, delay);
    this.timer.unref();
  }

  protected receive(payload: string | undefined) {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch (err) {
      this.base.log.warn({ err }, 'real-time bus: unreadable message');
      return;
    }
    if (envelope.o === this.instanceId) return;
    this.handler?.(envelope.e, envelope.t);
  }

  async publish(event: BusEvent, prerendered?: Prerendered): Promise<void> {
    const payload = encodePayload({ o: this.instanceId, e: event, t: Date.now() } satisfies Envelope);
    // A parsed copy: the hub never shares an object with the publisher (as on the other instances). The
    // prerendered message is this instance's alone: it never goes on the wire.
    this.handler?.((JSON.parse(payload) as Envelope).e, undefined, prerendered);
    await this.send(payload);
  }

  onEvent(handler: (event: BusEvent, sentAt?: number, prerendered?: Prerendered) => void): void {
    this.handler = handler;
  }

  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  /** Stops delivering and reconnecting; the subclass then ends its connections. */
  protected stop() {
    this.closed = true;
    this.handler = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  abstract close(): Promise<void>;
}
