// The reads a signed-in page makes first (issue 25 item 13). Who is signed in and the installation's facts
// start with the HTML (a Link: rel=preload header): small and cheap, they decide the first screen. The
// page's own data starts as soon as the app's entry knows someone is signed in (client/lib/first-reads.ts),
// not once React has drawn the page: before that, on the embedded database's one thread, those queries
// would hold up the app's code itself. The client's query keys produce exactly these URLs
// (client/lib/first-load.test.ts checks it).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every signed-in page: who is signed in, and the installation's facts; named in the HTML's Link header. */
export const HTML_READS: readonly string[] = ['/api/auth/user', '/api/meta'];

/** The GET URLs the page at `pathname` reads on its first render besides HTML_READS, for a signed-in user. */
export function pageReads(pathname: string): string[] {
  const [, segment = '', id, rest] = pathname.split('/');
  if (pathname === '/') {
    return [
      '/api/user/timelines?filter=active',
      '/api/user/timelines/unread-counts',
      '/api/pending-requests-summary',
      '/api/conversations/unread-count',
    ];
  }
  // The threadline's details and the switcher's list (the header is drawn once both are in). The feed
  // waits for the page: it is read once the threadline's events are followed (get-posts.ts).
  if (segment === 'timeline' && id && UUID.test(id) && rest === undefined) {
    return [`/api/timelines/${id}`, '/api/user/timelines'];
  }
  return [];
}

/** The Link header value that asks the browser to start `urls` (fetch mode, with the session's cookie). */
export function preloadLinkHeader(urls: readonly string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
