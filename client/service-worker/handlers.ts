// What the service worker does, as plain functions (client/service-worker/sw.ts wires them to its events):
// which requests it answers from its cache, what a push shows, where a notification's click goes.
// No imports: the worker is built on its own (vite-service-worker.ts) and stays a few kilobytes.

/** The title of every notification (client/lib/document-title.ts APP_NAME, checked by a test). */
export const NOTIFICATION_TITLE = 'Threadline';
/** Each build's files live in their own cache, `threadline-assets-<build>`; older ones go on activate. */
export const CACHE_PREFIX = 'threadline-assets-';
/** Files kept per cache at most (a build has a few dozen; lazy chunks add up over a long-lived build). */
export const MAX_CACHED = 200;

/**
 * The requests answered cache-first: the app's content-hashed files (/assets/*, immutable). Everything else,
 * /api, /objects, /ws and the HTML of every page, goes to the network untouched (never cached here).
 */
export function isCacheable(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

export interface PushContent {
  text: string;
  href: string;
}

/** What the server pushes ({text, href}), or a generic notice when the payload is missing or not that. */
export function readPush(json: (() => unknown) | undefined): PushContent {
  try {
    const data = json?.() as Partial<PushContent> | undefined;
    const href = data?.href;
    // An app path only: a notification never opens another site.
    if (
      typeof data?.text === 'string' &&
      typeof href === 'string' &&
      href.startsWith('/') &&
      !href.startsWith('//')
    ) {
      return { text: data.text, href };
    }
  } catch {
    // Not JSON: the generic notice below.
  }
  return { text: 'You have new notifications', href: '/' };
}

/** The notification a push shows: one per link (a newer one about the same page replaces it, alerting again). */
export function notificationFor(content: PushContent) {
  return {
    title: NOTIFICATION_TITLE,
    options: {
      body: content.text,
      tag: content.href,
      renotify: true,
      data: { href: content.href },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    },
  };
}

export interface WindowLike {
  url: string;
  focused: boolean;
  focus(): Promise<WindowLike>;
  navigate(url: string): Promise<WindowLike | null>;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A notification's click: focuses a tab of the app (the focused one, else any) and takes it to `href`; opens a
 * new window when there is none, or when the tab cannot be taken there (one the worker does not control yet).
 */
export async function openHref(clients: ClientsLike, href: string, origin: string): Promise<void> {
  const url = new URL(href, origin).href;
  const tabs = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (tab) => new URL(tab.url).origin === origin,
  );
  const tab = tabs.find((t) => t.focused) ?? tabs[0];
  if (tab) {
    const focused = await tab.focus();
    if (focused.url === url) return;
    try {
      if (await focused.navigate(url)) return;
    } catch {
      // Not controlled by this worker: a new window instead.
    }
  }
  await clients.openWindow(url);
}
