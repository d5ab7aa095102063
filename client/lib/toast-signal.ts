// Whether a toast has been queued yet, for the deferred toaster in the entry chunk: the toast store itself
// (use-toast.ts) and the toast UI then stay out of a page's first load (issue 8's landing budget).
let queued = false;
const listeners = new Set<() => void>();

export function signalToast() {
  if (queued) return;
  queued = true;
  for (const listener of listeners) listener();
}

export function subscribeToastSignal(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const toastQueued = () => queued;
