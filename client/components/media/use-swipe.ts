// Swipes on a touch screen (or a pen): left, right or down past a threshold, the element following the
// finger on the way. Mouse drags are left alone (they select and drag as usual on a desktop).
import type * as React from 'react';
import { useRef, useState } from 'react';

export type Swipe = 'left' | 'right' | 'down';

/** How far a finger travels before it counts as a swipe (the spec's toast swipe uses 50 px too). */
export const SWIPE_THRESHOLD = 50;

/** The swipe a movement makes: the longer axis decides; up is none. */
export function swipeOf(dx: number, dy: number): Swipe | null {
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) < SWIPE_THRESHOLD) return null;
    return dx < 0 ? 'left' : 'right';
  }
  return dy >= SWIPE_THRESHOLD ? 'down' : null;
}

export function useSwipe(onSwipe: (swipe: Swipe) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);

  const finish = (event: React.PointerEvent, cancelled: boolean) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    start.current = null;
    setOffset(null);
    const swipe = cancelled ? null : swipeOf(event.clientX - from.x, event.clientY - from.y);
    if (swipe) onSwipe(swipe);
  };

  const handlers = {
    onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // A pointer the browser no longer tracks: the moves still arrive while it is over the element.
      }
    },
    onPointerMove: (event: React.PointerEvent) => {
      const from = start.current;
      if (!from || from.id !== event.pointerId) return;
      setOffset({ x: event.clientX - from.x, y: event.clientY - from.y });
    },
    onPointerUp: (event: React.PointerEvent) => finish(event, false),
    onPointerCancel: (event: React.PointerEvent) => finish(event, true),
  };

  // Along the longer axis only, and never upwards: the image shows where a release would send it.
  let style: React.CSSProperties | undefined;
  if (offset) {
    const sideways = Math.abs(offset.x) >= Math.abs(offset.y);
    style = {
      transform: sideways ? `translateX(${offset.x}px)` : `translateY(${Math.max(0, offset.y)}px)`,
      transition: 'none',
    };
  }
  return { handlers, style };
}
