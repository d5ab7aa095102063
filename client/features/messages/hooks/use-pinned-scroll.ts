// The thread's scroll box (issue 12): starts at the newest message and stays there as messages arrive,
// unless the reader scrolled up; then arrivals are counted for a "New messages" button. Older messages
// added above keep the view where it was.
import * as React from 'react';
import { isNearBottom, type ListEnds, scrollAction } from './pinned-scroll.ts';

export interface PinnedScroll {
  ref: React.RefObject<HTMLElement | null>;
  /** Whether the reader is at the newest message. */
  pinned: boolean;
  /** Messages that arrived below while the reader was up. */
  unseen: number;
  /** Call from the box's scroll event. */
  onScroll: () => void;
  /** Scroll to the newest message (the "New messages" button). */
  scrollToBottom: () => void;
}

/** `ids`: the rendered messages, oldest first; `lastIsOwn`: the newest was sent by this user. */
export function usePinnedScroll(ids: readonly string[], lastIsOwn: boolean): PinnedScroll {
  const ref = React.useRef<HTMLElement>(null);
  const [pinned, setPinned] = React.useState(true);
  const [unseen, setUnseen] = React.useState(0);
  // Read in layout effects: the state of the last scroll event, not of the last render.
  const pinnedRef = React.useRef(true);
  const ends = React.useRef<ListEnds>({ firstId: null, lastId: null });
  const height = React.useRef(0);

  const setPinnedBoth = React.useCallback((value: boolean) => {
    pinnedRef.current = value;
    setPinned(value);
    if (value) setUnseen(0);
  }, []);

  const scrollToBottom = React.useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    setPinnedBoth(true);
  }, [setPinnedBoth]);

  const firstId = ids[0] ?? null;
  const lastId = ids[ids.length - 1] ?? null;

  React.useLayoutEffect(() => {
    const el = ref.current;
    const next = { firstId, lastId };
    const action = scrollAction(ends.current, next, ids, { pinned: pinnedRef.current, lastIsOwn });
    ends.current = next;
    if (!el) return;
    if (action.kind === 'bottom') {
      el.scrollTop = el.scrollHeight;
      if (!pinnedRef.current) setPinnedBoth(true);
    } else if (action.kind === 'keep') {
      el.scrollTop += el.scrollHeight - height.current;
    } else if (action.kind === 'notify') {
      setUnseen((n) => n + action.added);
    }
    height.current = el.scrollHeight;
  }, [firstId, lastId, ids, lastIsOwn, setPinnedBoth]);

  // The box shrinking (the composer grew, the keyboard opened) keeps a pinned reader at the newest.
  React.useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinnedRef.current) el.scrollTop = el.scrollHeight;
      height.current = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = React.useCallback(() => {
    const el = ref.current;
    if (!el) return;
    height.current = el.scrollHeight;
    const near = isNearBottom(el);
    if (near !== pinnedRef.current) setPinnedBoth(near);
  }, [setPinnedBoth]);

  return { ref, pinned, unseen, onScroll, scrollToBottom };
}
