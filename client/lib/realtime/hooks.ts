// What screens use from the one shared socket (client/lib/realtime/realtime-provider.tsx provides it).
import * as React from 'react';
import type { EventMessage, EventType, UnsubscribeReason } from '../../../common/realtime.ts';
import { useRealtimeClient } from './context.ts';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'authenticated';

/** The latest `value` for callbacks that must not resubscribe when a screen passes a new closure. */
function useLatest<T>(value: T) {
  const ref = React.useRef(value);
  React.useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Calls `handler` for every event of the given type(s) while the component is mounted. */
export function useRealtimeEvent<T extends EventType>(
  types: T | readonly T[],
  handler: (message: EventMessage<T>) => void,
): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  const key = typeof types === 'string' ? types : [...types].sort().join(',');
  React.useEffect(() => {
    if (!client) return;
    const wanted = new Set(key.split(','));
    return client.onEvent((message) => {
      if (wanted.has(message.type)) latest.current(message as EventMessage<T>);
    });
  }, [client, key, latest]);
}

/**
 * Follows a threadline's events while mounted (the open threadline page). `onEnded` runs when the server
 * ends the subscription itself (the user left or was removed, the threadline was archived or deleted).
 */
export function useTimelineSubscription(
  timelineId: string | undefined,
  onEnded?: (reason: UnsubscribeReason) => void,
): void {
  const client = useRealtimeClient();
  const latest = useLatest(onEnded);
  React.useEffect(() => {
    if (!client || !timelineId) return;
    const release = client.subscribe(timelineId);
    const off = client.onSubscriptionEnded((ended) => {
      if (ended.timelineId === timelineId) latest.current?.(ended.reason);
    });
    return () => {
      off();
      release();
    };
  }, [client, timelineId, latest]);
}

const noSubscription = () => () => {};

/** The connection state of spec 000 §4, for tests and a status hint. */
export function useRealtimeStatus(): ConnectionState {
  const client = useRealtimeClient();
  return React.useSyncExternalStore(
    client ? client.onState : noSubscription,
    () => client?.state ?? 'disconnected',
    () => 'disconnected',
  );
}

/** Runs `handler` after the socket came back from a drop: refetch what may have been missed. */
export function useRealtimeReconnect(handler: () => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  React.useEffect(() => {
    if (!client) return;
    return client.onReconnect(() => latest.current());
  }, [client, latest]);
}

/** The threadlines the server confirmed for this tab (its subscribed/unsubscribed replies). */
export function useRealtimeSubscriptions(): ReadonlySet<string> {
  const client = useRealtimeClient();
  return React.useSyncExternalStore(
    client ? client.onSubscriptions : noSubscription,
    () => client?.subscribed ?? EMPTY,
    () => EMPTY,
  );
}
const EMPTY: ReadonlySet<string> = new Set();
