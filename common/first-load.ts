// The reads a signed-in page makes first (issue 25 item 13). The app's entry (main.tsx) starts who is
// signed in and the installation's facts at once, and the page's own data as soon as the sign-in check says
// someone is signed in (client/lib/first-reads.ts), not once React has drawn the page. Not in the HTML (a
// Link preload header, tried): on the embedded database those queries ran on the server's one thread while
// it sent the app's code, and in Lighthouse's simulated phone the preloads took bandwidth from the page's
// stylesheet. The client's query keys produce exactly these URLs (client/lib/first-load.test.ts checks it).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The GET URLs the page at `pathname` reads on its first render besides who is signed in and the
 * installation's facts, for a signed-in user. */
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
  // The threadline's details, the switcher's list (the header is drawn once both are in) and the feed's
  // first page: its posts are the page's largest paint. What these read before the page's events were
  // followed is read once more when they are (use-read-again-once-live.ts).
  if (segment === 'timeline' && id && UUID.test(id) && rest === undefined) {
    return [
      `/api/timelines/${id}`,
      '/api/user/timelines',
      // FEED.pageSize (20): not imported, which would split common/limits.ts into a chunk of its own.
      `/api/timelines/${id}/posts?limit=20&type=all`,
    ];
  }
  return [];
}
