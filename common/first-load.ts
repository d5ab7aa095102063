// The reads a signed-in page makes first (issue 25 item 13). The server names them in the page's HTML answer
// (a Link: rel=preload header), so the browser asks for them while the app's code is still downloading, and
// the app's own fetches of the same URLs take the answers instead of asking again. The client's query keys
// produce exactly these URLs (client/lib/first-load.test.ts checks it).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every signed-in page: who is signed in, and the installation's facts. */
const EVERY_PAGE = ['/api/auth/user', '/api/meta'];

/** The GET URLs the page at `pathname` reads on its first render, for a signed-in user. */
export function firstReads(pathname: string): string[] {
  const [, segment = '', id, rest] = pathname.split('/');
  if (segment === '' && pathname === '/') {
    return [
      ...EVERY_PAGE,
      '/api/user/timelines?filter=active',
      '/api/user/timelines/unread-counts',
      '/api/pending-requests-summary',
      '/api/conversations/unread-count',
    ];
  }
  // The threadline's details and the switcher's list (the header is drawn once both are in). The feed
  // waits for the page: it is read once the threadline's events are followed (get-posts.ts).
  if (segment === 'timeline' && id && UUID.test(id) && rest === undefined) {
    return [...EVERY_PAGE, `/api/timelines/${id}`, '/api/user/timelines'];
  }
  return EVERY_PAGE;
}

/** The Link header value that asks the browser to start `urls` (fetch mode, with the session's cookie). */
export function preloadLinkHeader(urls: string[]): string {
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
