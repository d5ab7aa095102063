// What screens use from the one shared socket (client/lib/realtime/realtime-provider.tsx provides it).
// CONTRACT STUB: the provider issue-11 helper replaces the bodies; the signatures stay.
import type { EventMessage, EventType } from '../../../common/realtime.ts';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'authenticated';

/** Calls `handler` for every event of the given type(s) while the component is mounted. */
export function useRealtimeEvent<T extends EventType>(
  _types: T | readonly T[],
  _handler: (message: EventMessage<T>) => void,
): void {}

/** Follows a threadline's events while mounted (the open threadline page). */
export function useTimelineSubscription(_timelineId: string | undefined): void {}

/** The connection state of spec 000 §4, for tests and a status hint. */
export function useRealtimeStatus(): ConnectionState {
  return 'disconnected';
}

/** Runs `handler` after the socket came back from a drop: refetch what may have been missed. */
export function useRealtimeReconnect(_handler: () => void): void {}
