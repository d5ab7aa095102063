// A signed-in page's first reads (common/first-load.ts): the entry (main.tsx) starts the page's data once
// someone is signed in, and the app's first fetch of each URL takes that answer. Such an answer may predate the socket: claimed once the socket is
// signed in, it is read once more (the ones claimed before are read again by live-dashboard.ts).
import { pageReads } from '../../common/first-load.ts';

/** The page's reads the entry started, by URL, until a fetch claims them. */
const started = new Map<string, Promise<Response>>();
let followed = false;

/** Starts the page's reads for `pathname` (the entry calls it once the user is known to be signed in). */
export function startPageReads(pathname: string): void {
  for (const url of pageReads(pathname)) {
    if (!started.has(url)) started.set(url, fetch(url, { credentials: 'include' }));
  }
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
  if (!early || !followed) return res;
  await res.body?.cancel();
  return fetch(url, init);
}

/** Tests: start over as a freshly opened page. */
export function resetFirstReads(): void {
  started.clear();
  followed = false;
}
