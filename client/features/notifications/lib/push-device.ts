// This browser's side of Web Push (issue 27): whether it can, the permission, its subscription.
import { serviceWorkerReady } from '../../../lib/service-worker.ts';

/**
 * 'unsupported': no Push API here; 'install-first': iPhone and iPad offer it only to an app added to the
 * Home Screen and opened from there.
 */
export type PushSupport = 'supported' | 'unsupported' | 'install-first';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed = window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !installed ? 'install-first' : 'unsupported';
}

/** This browser's current subscription, without registering the worker or asking anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Follows the notification permission through the Permissions API, which also tells of a change made in the
 * browser's settings while the page is open (and is right where Notification.permission is not: Chromium's
 * headless shell says "denied" there for a granted permission). Returns a stop.
 */
export function watchPermission(onChange: (permission: NotificationPermission) => void): () => void {
  let status: PermissionStatus | undefined;
  let stopped = false;
  const report = () => {
    if (!status || stopped) return;
    onChange(status.state === 'prompt' ? 'default' : status.state);
  };
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      status = s;
      report();
      s.addEventListener('change', report);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', report);
  };
}

/** The permission was not given: 'denied' (blocked) or 'default' (the prompt was dismissed). */
export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission: ${permission}`);
    this.name = 'PushPermissionError';
  }
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** Whether `subscription` was made with the server key `publicKey` (base64url). */
export const subscribedWith = (subscription: PushSubscription, publicKey: string) =>
  sameKey(subscription.options.applicationServerKey, keyBytes(publicKey));

/**
 * Asks for the permission (first of all, inside the click: Safari allows the prompt only there), then
 * subscribes with the server's key, reusing a subscription made with the same key.
 */
export async function subscribeDevice(publicKey: () => Promise<string>): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const key = keyBytes(await publicKey());
  const registration = await serviceWorkerReady();
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  // Made with another key (the server's changed): the push service would refuse the new key's pushes.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
