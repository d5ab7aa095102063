// The service worker, /sw.js (issue 27: the static cache and Web Push; built from client/service-worker/sw.ts).
// Registered by the signed-in app's live chunk (client/lib/realtime/live-updates.tsx), once the page has loaded
// and is idle: not from the entry, whose landing-page budget has no room, and a visitor has nothing to push.
import { whenSettled } from './when-idle.ts';

const SCRIPT = '/sw.js';

/**
 * Registers the worker once the page has loaded and settled; production builds only. Nothing to cancel:
 * registering twice is harmless, and the worker serves every page alike.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenSettled(() => void navigator.serviceWorker.register(SCRIPT).catch(() => undefined));
}

/** The active registration, registering the worker first if need be (the push toggle subscribes with it). */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SCRIPT);
  return navigator.serviceWorker.ready;
}
