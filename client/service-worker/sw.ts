// The service worker (issue 27), served as /sw.js: built by vite-service-worker.ts into a classic script, with
// this build's id and the files the HTML loads first. It caches the app's content-hashed files cache-first
// (a repeat visit starts without waiting on the network), never /api, /objects or pages (network only: they
// are simply not intercepted); it shows pushes as notifications and opens their link on click.
import {
  CACHE_PREFIX,
  type ClientsLike,
  isCacheable,
  MAX_CACHED,
  notificationFor,
  openHref,
  readPush,
} from './handlers.ts';

/** Filled in by the build: its id, and the files the HTML loads first (cached on install). */
declare const __SW_BUILD__: string;
declare const __SW_SHELL__: string[];

// The worker's own types, as far as used here (the project's TypeScript lib is the DOM's, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: ClientsLike & { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: PushSubscriptionChangeEvent) => void,
  ): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `${CACHE_PREFIX}${__SW_BUILD__}`;
const origin = worker.location.origin;

worker.addEventListener('install', (event) => {
  // The first files of this build, fetched now (most come from the HTTP cache); one missing is no failure.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(__SW_SHELL__.map((file) => cache.add(file).catch(() => undefined))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      // Open tabs use this worker at once: their later chunks come from its cache.
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  if (!isCacheable(event.request, origin)) return;
  event.respondWith(cacheFirst(event.request));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    // Oldest first (insertion order).
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_CACHED)).map((key) => cache.delete(key)));
  }
  return response;
}

worker.addEventListener('push', (event) => {
  const data = event.data;
  const { title, options } = notificationFor(readPush(data ? () => data.json() : undefined));
  event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = (event.notification.data as { href?: string } | null)?.href ?? '/';
  event.waitUntil(openHref(worker.clients, href, origin));
});

// The browser replaced the subscription (Firefox does, now and then): the device moves to the new one, but only
// if the server had the old one for whoever is signed in here (DELETE answers 404 otherwise), so a browser
// never registers itself for someone who did not turn notifications on.
worker.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  if (!old) return;
  event.waitUntil(
    (async () => {
      const send = (method: string, body: unknown) =>
        fetch('/api/push/subscriptions', {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const next =
        event.newSubscription ??
        (await worker.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: old.options.applicationServerKey,
        }));
      if (next.endpoint === old.endpoint) return;
      if ((await send('DELETE', { endpoint: old.endpoint })).ok) await send('POST', next.toJSON());
    })().catch(() => undefined),
  );
});
