// A signed-in page's first reads (common/first-load.ts): the entry (main.tsx) starts the page's data once
// someone is signed in, and the app's first fetch of each URL takes that answer. Such an answer may predate the socket: claimed once the socket is
// signed in, it is read once more (the ones claimed before are read again by live-dashboard.ts).
import { pageReads } from '../../common/first-load.ts';

/** A threadline's reads: its page reads them again once its events are followed (use-read-again-once-live.ts). */
const READ_AGAIN_BY_PAGE = '/api/timelines/';

/** The page's reads the entry started, by URL, until a fetch claims them. */
const started = new Map<string, Promise<Response>>();
let followed = false;
/**
 * Whether the app took an early answer before markFollowed: it may predate the socket even when it was taken
 * after the socket signed in (live-dashboard.ts reads the lists again then). A live binding, not a getter:
 * the landing's entry carries this module, and its budget has no bytes to spare.
 */
export let tookEarly = false;

/**
 * Whether the page came with a session cookie (the server's hint, server/http/page-preloads.ts): its reads
 * can start before the sign-in check answers. The cookie may be stale: a check that finds nobody signed in
 * drops them (dropPageReads).
 */
export function sessionHinted(): unknown {
  return document.getElementById('tl-session');
}

/** Starts the page's reads for `pathname` (the entry: with a session hint at once, else once signed in). */
export function startPageReads(pathname: string): void {
  for (const url of pageReads(pathname)) {
    // Same-origin: the session cookie goes with it by default.
    if (!started.has(url)) started.set(url, fetch(url));
  }
}

/** Nobody is signed in after all: no later fetch may take an answer read without a session (a few small
 * 401s, left to finish). */
export function dropPageReads(): void {
  started.clear();
}

/** The socket is signed in: from now on an early answer is older than what the socket follows. */
export function markFollowed(): void {
  followed = true;
}

/** `fetch` for GETs: takes an early answer for its URL once, and reads it again when it predates the socket. */
export async function readFetch(url: string, init: RequestInit): Promise<Response> {
  const early = started.get(url);
  started.delete(url);
  const res = await (early ?? fetch(url, init));
  if (early && !followed) tookEarly = true;
  if (!early || !followed || url.startsWith(READ_AGAIN_BY_PAGE)) return res;
  await res.body?.cancel();
  return fetch(url, init);
}

/** Tests: start over as a freshly opened page. */
export function resetFirstReads(): void {
  started.clear();
  followed = false;
  tookEarly = false;
}
