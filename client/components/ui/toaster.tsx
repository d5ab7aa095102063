// Toasts stay reachable (F8, Tab) and announced above a modal dialog: the viewport moves into the top dialog,
// since Radix hides everything else from assistive technology and traps focus inside it. Escape there still
// closes the dialog (the toast stays) unless focus is in the toast itself.
import * as React from 'react';
import { createPortal } from 'react-dom';
import { subscribeLayers, topLayer } from '../../lib/modal-layers.ts';
import { useToast } from '../../lib/use-toast.ts';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';

const topLayerContent = () => topLayer()?.content ?? null;

export function Toaster() {
  const { toasts } = useToast();
  const layer = React.useSyncExternalStore(subscribeLayers, topLayerContent, () => null);
  const viewportRef = React.useRef<HTMLOListElement>(null);

  const onEscapeKeyDown = (event: KeyboardEvent) => {
    const top = topLayer();
    const inToast = event.target instanceof Node && viewportRef.current?.contains(event.target);
    if (!top || inToast) return;
    event.preventDefault();
    top.close();
  };

  const viewport = <ToastViewport ref={viewportRef} />;
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} onEscapeKeyDown={onEscapeKeyDown} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      ))}
      {layer ? createPortal(viewport, layer) : viewport}
    </ToastProvider>
  );
}
