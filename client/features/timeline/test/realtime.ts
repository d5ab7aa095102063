// A stand-in for client/lib/realtime/hooks.ts in unit tests: screens register handlers as with the real
// socket, and tests deliver events and reconnects by hand. Use with
//   vi.mock('<path>/lib/realtime/hooks.ts', () => import('<path>/features/timeline/test/realtime.ts'));
import * as React from 'react';
import type {
  EventDataMap,
  EventMessage,
  EventType,
  TimelineChange,
  UnsubscribeReason,
} from '../../../../common/realtime.ts';
import type { ConnectionState } from '../../../lib/realtime/hooks.ts';

type Handler = (message: EventMessage) => void;
const handlers = new Set<{ types: ReadonlySet<string>; current: Handler }>();
const reconnects = new Set<{ current: () => void }>();
/** Threadline ids subscribed by mounted screens (one entry per subscriber). */
export const subscriptions: string[] = [];

export function useRealtimeEvent<T extends EventType>(
  types: T | readonly T[],
  handler: (message: EventMessage<T>) => void,
): void {
  const entry = React.useRef({ types: new Set<string>([types].flat()), current: handler as Handler });
  entry.current.current = handler as Handler;
  React.useEffect(() => {
    const e = entry.current;
    handlers.add(e);
    return () => void handlers.delete(e);
  }, []);
}

const enders = new Set<{ id: string; current: ((reason: UnsubscribeReason) => void) | undefined }>();

export function useTimelineSubscription(
  timelineId: string | undefined,
  onEnded?: (reason: UnsubscribeReason) => void,
): void {
  const ender = React.useRef({ id: timelineId ?? '', current: onEnded });
  ender.current.current = onEnded;
  React.useEffect(() => {
    if (!timelineId) return;
    subscriptions.push(timelineId);
    const e = ender.current;
    e.id = timelineId;
    enders.add(e);
    return () => {
      enders.delete(e);
      subscriptions.splice(subscriptions.indexOf(timelineId), 1);
    };
  }, [timelineId]);
}

/** The server answered `unsubscribed` with this reason. */
export function end(timelineId: string, reason: UnsubscribeReason) {
  drop(timelineId);
  for (const e of [...enders]) if (e.id === timelineId) e.current?.(reason);
}

// The server's replies and the connection, set by tests (`confirm`, `drop`, `setStatus`).
let confirmed: ReadonlySet<string> = new Set();
let status: ConnectionState = 'authenticated';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const changed = () => {
  for (const l of [...listeners]) l();
};

export const useRealtimeStatus = (): ConnectionState => React.useSyncExternalStore(subscribe, () => status);
export const useRealtimeSubscriptions = (): ReadonlySet<string> =>
  React.useSyncExternalStore(subscribe, () => confirmed);

/** The server answered `subscribed` for these threadlines. */
export function confirm(...ids: string[]) {
  confirmed = new Set([...confirmed, ...ids]);
  changed();
}

/** The confirmed set lost the threadline (an `unsubscribed` reply, or the connection dropped). */
export function drop(id: string) {
  confirmed = new Set([...confirmed].filter((c) => c !== id));
  changed();
}

export function setStatus(next: ConnectionState) {
  status = next;
  changed();
}

/** Back to no confirmed subscriptions on an authenticated socket. */
export function resetRealtime() {
  confirmed = new Set();
  status = 'authenticated';
  changed();
}

export function useRealtimeReconnect(handler: () => void): void {
  const entry = React.useRef({ current: handler });
  entry.current.current = handler;
  React.useEffect(() => {
    const e = entry.current;
    reconnects.add(e);
    return () => void reconnects.delete(e);
  }, []);
}

/** Delivers an event to every mounted handler of its type. */
export function emit<T extends EventType>(
  type: T,
  data: EventDataMap[T],
  timestamp = new Date().toISOString(),
) {
  const message = { type, data, timestamp } as EventMessage;
  for (const h of [...handlers]) if (h.types.has(type)) h.current(message);
}

export function reconnect() {
  for (const r of [...reconnects]) r.current();
}

/** A timeline_updated event's data. */
export const update = (
  timelineId: string,
  change: TimelineChange,
  more: Partial<EventDataMap['timeline_updated']> = {},
): EventDataMap['timeline_updated'] => ({ message: `Timeline ${change}`, timelineId, change, ...more });

/** An event message, for the pure cache functions. */
export const message = <T extends EventType>(type: T, data: EventDataMap[T]): EventMessage<T> =>
  ({ type, data, timestamp: '2026-03-04T10:00:00.000Z' }) as EventMessage<T>;
