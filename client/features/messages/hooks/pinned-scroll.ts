// The pure part of the thread's scrolling (issue 12): stay on the newest message as messages arrive unless
// the reader scrolled up; older messages added above keep what the reader sees in place.

/** Within this many pixels of the bottom counts as "at the newest message". */
export const NEAR_BOTTOM_PX = 80;
/** Within this many pixels of the top, older messages are revealed or loaded. */
export const NEAR_TOP_PX = 120;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export const isNearBottom = (m: ScrollMetrics, threshold = NEAR_BOTTOM_PX) =>
  m.scrollHeight - m.scrollTop - m.clientHeight <= threshold;

export const isNearTop = (m: ScrollMetrics, threshold = NEAR_TOP_PX) => m.scrollTop <= threshold;

/** The rendered list's ends (ids), before and after a render. */
export interface ListEnds {
  firstId: string | null;
  lastId: string | null;
}

export type ScrollAction =
  /** Scroll to the newest message. */
  | { kind: 'bottom' }
  /** Content was added or removed above: shift by the height change so the view does not move. */
  | { kind: 'keep' }
  /** New messages below while the reader is up: count them for the "New messages" button. */
  | { kind: 'notify'; added: number }
  | { kind: 'none' };

/**
 * What to do after the rendered messages changed from `prev` to `next`.
 * `ids`: the rendered ids now (oldest first); `lastIsOwn`: the newest was sent by this user (a message
 * one sends always shows); `pinned`: the reader was at the bottom before the change.
 */
export function scrollAction(
  prev: ListEnds,
  next: ListEnds,
  ids: readonly string[],
  { pinned, lastIsOwn }: { pinned: boolean; lastIsOwn: boolean },
): ScrollAction {
  if (next.lastId === null) return { kind: 'none' };
  // The first messages to show: start at the newest.
  if (prev.lastId === null) return { kind: 'bottom' };
  if (next.lastId !== prev.lastId) {
    if (pinned || lastIsOwn) return { kind: 'bottom' };
    const at = ids.indexOf(prev.lastId);
    return { kind: 'notify', added: at < 0 ? 1 : ids.length - 1 - at };
  }
  if (next.firstId !== prev.firstId) return pinned ? { kind: 'bottom' } : { kind: 'keep' };
  return pinned ? { kind: 'bottom' } : { kind: 'none' };
}

/**
 * Where the rendered window starts (an index into `total` messages): at `anchorId` while the reader keeps
 * one (scrolled up), else the newest `size` messages, so the DOM stays small however long the conversation.
 */
export function windowStart(ids: readonly string[], anchorId: string | null, size: number): number {
  const at = anchorId === null ? -1 : ids.indexOf(anchorId);
  return at >= 0 ? at : Math.max(0, ids.length - size);
}
