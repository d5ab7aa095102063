// Open modal dialogs, top last, and where keyboard focus came from. Radix gives focus back only to its own
// Trigger (our dialogs open from state, often from a menu), and a toast shown over a dialog is the top layer
// for Escape and sits outside the dialog's focus trap; our dialog wrappers and the Toaster use this to fix all
// three.

export interface ModalLayer {
  content: HTMLElement;
  close: () => void;
}

let layers: readonly ModalLayer[] = [];
const listeners = new Set<() => void>();

/** Registers an open dialog; returns its removal. */
export function addLayer(layer: ModalLayer): () => void {
  layers = [...layers, layer];
  for (const listener of listeners) listener();
  return () => {
    layers = layers.filter((l) => l !== layer);
    for (const listener of listeners) listener();
  };
}

export const topLayer = (): ModalLayer | undefined => layers.at(-1);

export function subscribeLayers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A focused menu item or option stands for the control that opened its popup (named by aria-controls). */
export function focusOriginOf(el: HTMLElement): HTMLElement | null {
  const popup = el.closest<HTMLElement>('[role="menu"], [role="listbox"]');
  if (!popup) return el;
  if (!popup.id) return null;
  return el.ownerDocument.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(popup.id)}"]`);
}

let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  // This module loads with the first dialog or toast (issue 14 splits them out of the first load), after the
  // control that opened it took focus: that control is the origin until the next focus move.
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) lastFocused = focusOriginOf(active);
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      lastFocused = focusOriginOf(event.target) ?? lastFocused;
    },
    true,
  );
}

/** The control focus was last on, read when a dialog opens. */
export const focusOrigin = (): HTMLElement | null => lastFocused;

/**
 * Back to the control that opened a dialog. When it is gone (the row was removed, say), focus goes to the
 * dialog still open underneath, if any; otherwise the page keeps it (a new page takes it, see
 * useFocusHeadingIfLost).
 */
export function returnFocus(origin: HTMLElement | null) {
  if (origin?.isConnected) {
    origin.focus();
    if (origin.ownerDocument.activeElement === origin) return;
  }
  topLayer()?.content.focus();
}
