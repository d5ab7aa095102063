// The in-process bus (embedded database: one instance). Delivery is synchronous, in publish order, and goes
// through the same JSON encoding and size check as the PostgreSQL bus, so tests on PGlite catch an event
// too large for NOTIFY and a hub never shares an object with the publisher.
import type { BusEvent, EventBus, Prerendered } from './types.ts';
import { encodePayload } from './wire.ts';

export class MemoryBus implements EventBus {
  private handler: ((event: BusEvent, sentAt?: number, prerendered?: Prerendered) => void) | undefined;

  async publish(event: BusEvent, prerendered?: Prerendered): Promise<void> {
    const payload = encodePayload(event);
    this.handler?.(JSON.parse(payload) as BusEvent, undefined, prerendered);
  }

  onEvent(handler: (event: BusEvent, sentAt?: number, prerendered?: Prerendered) => void): void {
    this.handler = handler;
  }

  onReconnect(): void {
    // Nothing to reconnect: an in-process bus cannot miss events.
  }

  async close(): Promise<void> {
    this.handler = undefined;
  }
}
