// The answers a signed-in page's HTML asked for (common/first-load.ts): the app's first fetch of each URL
// takes the browser's preloaded answer. Such an answer was read on the server when the HTML was, before the
// socket followed anything: claimed once the socket is signed in, it may miss an event that came between,
// so it is read once more (the ones claimed before are read again by live-dashboard.ts).
import { firstReads } from '../../common/first-load.ts';

/** URLs whose preloaded answer no fetch has claimed yet. */
const unclaimed = new Set(typeof window === 'undefined' ? [] : firstReads(window.location.pathname));
let followed = false;

/** The socket is signed in: from now on a preloaded answer is older than what the socket follows. */
export function markFollowed(): void {
  followed = true;
}

/** `fetch`, reading a preloaded URL again when its answer predates the socket. */
export async function readFetch(url: string, init: RequestInit): Promise<Response> {
  const preloaded = unclaimed.delete(url);
  const res = await fetch(url, init);
  if (!preloaded || !followed) return res;
  await res.body?.cancel();
  return fetch(url, init);
}

/** Tests: start over as a page opened at `pathname`. */
export function resetFirstReads(pathname: string): void {
  unclaimed.clear();
  for (const url of firstReads(pathname)) unclaimed.add(url);
  followed = false;
}
