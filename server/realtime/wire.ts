// Bus events as they cross instances: JSON, checked against NOTIFY's payload limit (DECISIONS §1).
import { REALTIME } from '../../common/realtime.ts';

export class BusPayloadTooLarge extends Error {
  constructor(bytes: number) {
    super(`Bus event of ${bytes} bytes (limit ${REALTIME.maxBusPayloadBytes})`);
  }
}

/** JSON of `value`, or BusPayloadTooLarge when PostgreSQL NOTIFY would refuse it. */
export function encodePayload(value: unknown): string {
  const payload = JSON.stringify(value);
  const bytes = Buffer.byteLength(payload);
  if (bytes > REALTIME.maxBusPayloadBytes) throw new BusPayloadTooLarge(bytes);
  return payload;
}
