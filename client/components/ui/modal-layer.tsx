// What Dialog and AlertDialog add to Radix: focus goes back to the control that opened them, and each open
// one is listed as a modal layer (see lib/modal-layers.ts) that a toast above it can close and live in.
import * as React from 'react';
import { addLayer, focusOrigin, returnFocus } from '../../lib/modal-layers.ts';

/**
 * Centred without a transform (a transform would make it the containing block of the fixed toast viewport);
 * grid-cols-1 (minmax(0, 1fr)) and wrap-anywhere let long names and messages wrap instead of widening it.
 */
export const MODAL_CONTENT_CLASS =
  'fixed inset-0 z-50 m-auto grid h-fit max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg grid-cols-1 wrap-anywhere gap-4 overflow-y-auto rounded-xl border border-border bg-card p-5 text-card-foreground shadow-xl focus:outline-none sm:p-6';
export const MODAL_OVERLAY_CLASS = 'fixed inset-0 z-50 bg-slate-950/50';

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const CloseContext = React.createContext<() => void>(() => {});

/** A Radix Root whose open state is always held here, so its layer can close it. */
export function LayerRoot<P extends RootProps>({ Root, ...props }: P & { Root: React.ComponentType<P> }) {
  const [own, setOwn] = React.useState(props.defaultOpen ?? false);
  const controlled = props.open !== undefined;
  const onOpenChange = (next: boolean) => {
    if (!controlled) setOwn(next);
    props.onOpenChange?.(next);
  };
  const rootProps = { ...props, open: controlled ? props.open : own, onOpenChange } as unknown as P;
  return (
    <CloseContext value={() => onOpenChange(false)}>
      <Root {...rootProps} />
    </CloseContext>
  );
}

type FocusHandler = (event: Event) => void;

/** Props for a Radix Content: its ref registers the layer; the focus handlers remember and restore. */
export function useModalLayer<T extends HTMLElement>(
  forwardedRef: React.ForwardedRef<T>,
  handlers: { onOpenAutoFocus?: FocusHandler; onCloseAutoFocus?: FocusHandler },
) {
  const close = React.useContext(CloseContext);
  const closeRef = React.useRef(close);
  closeRef.current = close;
  const origin = React.useRef<HTMLElement | null>(null);

  const ref = React.useCallback(
    (node: T | null) => {
      assignRef(forwardedRef, node);
      if (!node) return;
      const remove = addLayer({ content: node, close: () => closeRef.current() });
      return () => {
        remove();
        assignRef(forwardedRef, null);
      };
    },
    [forwardedRef],
  );

  return {
    ref,
    onOpenAutoFocus: (event: Event) => {
      origin.current = focusOrigin();
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      returnFocus(origin.current);
    },
  };
}

function assignRef<T>(ref: React.ForwardedRef<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
