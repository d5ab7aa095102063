// Who reacted (issue 25 item 9): hovering a reaction chip, focusing it by keyboard, or pressing it for half
// a second on a touch screen lists the people behind it. The tooltip's code (Radix, popper) loads on first
// use, as the menus' does, so a feed of 200 posts renders plain buttons and no page's first load carries it.
// Until then the chip is the bare button; the swap remounts it, so focus is put back on it.
import * as React from 'react';
import { retryImport } from '../../../../lib/retry-import.ts';
import type { ReactorsProps } from './who-reacted-tip.tsx';

type Tip = typeof import('./who-reacted-tip.tsx');
let tip: Tip | null = null;
let loading: Promise<Tip> | null = null;
const loadTip = () => {
  loading ??= retryImport(() => import('./who-reacted-tip.tsx')).then((module) => {
    tip = module;
    return module;
  });
  return loading;
};

const LONG_PRESS_MS = 500;
const HOVER_MS = 300;
/** A finger that moves this far is scrolling, not pressing. */
const SLOP_PX = 10;

export type ChipProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: React.Ref<HTMLButtonElement>;
};

export function WhoReacted({
  children,
  count,
  ...list
}: ReactorsProps & { count: number; children: React.ReactElement<ChipProps> }) {
  const [active, setActive] = React.useState(false);
  const [wantsOpen, setOpen] = React.useState(false);
  // Nobody behind the chip (a like at 0): nothing to list.
  const open = wantsOpen && count > 0;
  const buttonRef = React.useRef<HTMLButtonElement | null>(null);
  const refocus = React.useRef(false);
  const press = React.useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const longPressed = React.useRef(false);

  /** `focus`: a keyboard reached the chip; `press`: a long press; `hover`: a mouse rests on it. */
  const activate = (how: 'focus' | 'press' | 'hover', target: HTMLElement) => {
    if (count === 0) return;
    void loadTip().then(() => {
      // Decided once the code is here: a keyboard user who tabbed on meanwhile keeps their place.
      const focused = target === document.activeElement;
      refocus.current = focused;
      setActive(true);
      if (how === 'press' || (how === 'focus' && focused)) setOpen(true);
      // Radix opens on a pointer move over its own trigger: a pointer resting on the new one opens it too.
      if (how === 'hover') setTimeout(() => buttonRef.current?.matches(':hover') && setOpen(true), HOVER_MS);
    });
  };

  // The swap mounted a new button: focus goes back to it (Radix then opens on focus, as for a keyboard).
  React.useEffect(() => {
    if (active && refocus.current && document.activeElement !== buttonRef.current) {
      buttonRef.current?.focus({ preventScroll: true });
    }
    refocus.current = false;
  }, [active]);

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  // A press still timing when the chip goes away (the reaction taken back elsewhere) opens nothing.
  React.useEffect(
    () => () => {
      if (press.current) clearTimeout(press.current.timer);
    },
    [],
  );

  const own = children.props;
  const handlers: Partial<ChipProps> = {
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      longPressed.current = false;
      cancelPress();
      if (event.pointerType === 'mouse' || count === 0) return;
      const target = event.currentTarget;
      press.current = {
        x: event.clientX,
        y: event.clientY,
        timer: setTimeout(() => {
          press.current = null;
          longPressed.current = true;
          if (tip && active) setOpen(true);
          else activate('press', target);
        }, LONG_PRESS_MS),
      };
    },
    onPointerMove: (event) => {
      own.onPointerMove?.(event);
      const p = press.current;
      if (p && Math.hypot(event.clientX - p.x, event.clientY - p.y) > SLOP_PX) cancelPress();
    },
    onPointerUp: (event) => {
      own.onPointerUp?.(event);
      cancelPress();
    },
    onPointerCancel: (event) => {
      own.onPointerCancel?.(event);
      cancelPress();
    },
    // A long press is for reading: no context menu, and the click that ends it does not toggle.
    onContextMenu: (event) => {
      if (press.current || longPressed.current) event.preventDefault();
      else own.onContextMenu?.(event);
    },
    onClick: (event) => {
      if (longPressed.current) {
        longPressed.current = false;
        event.preventDefault();
        return;
      }
      own.onClick?.(event);
    },
    onKeyDown: (event) => {
      longPressed.current = false;
      own.onKeyDown?.(event);
    },
  };

  if (active && tip) {
    const trigger = React.cloneElement(children, { ...handlers, ref: buttonRef });
    return <tip.WhoReactedTip {...list} open={open} onOpenChange={setOpen} trigger={trigger} />;
  }
  return React.cloneElement(children, {
    ...handlers,
    ref: buttonRef,
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') activate('hover', event.currentTarget);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // A keyboard's focus opens the list; a click's or a tap's does not (as Radix does).
      if (event.currentTarget.matches(':focus-visible')) activate('focus', event.currentTarget);
    },
  });
}
