// A fetch stand-in for a list answered page by page (client/lib/list-pages.ts): `all` served 50 at a time,
// X-Next-Cursor while more remain, every URL asked recorded. `failNext` makes the next page answer 500.
import { vi } from 'vitest';
import { LIST_PAGE_SIZE, NEXT_CURSOR_HEADER } from '../../../common/limits.ts';

export interface PagedServer<T> {
  all: T[];
  calls: string[];
  failNext: boolean;
  /** Holds the answers until `release()` (to look at the loading state). */
  hold: boolean;
  release: () => void;
}

export function stubPagedServer<T>(path: string, all: T[]): PagedServer<T> {
  const waiting: (() => void)[] = [];
  const server: PagedServer<T> = {
    all,
    calls: [],
    failNext: false,
    hold: false,
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      server.calls.push(url);
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname !== path) return new Response('{"message":"Not found"}', { status: 404 });
      if (server.hold) await new Promise<void>((go) => waiting.push(go));
      const cursor = parsed.searchParams.get('cursor');
      if (cursor && server.failNext) {
        server.failNext = false;
        return new Response('{"message":"Something broke"}', { status: 500 });
      }
      const start = cursor ? Number(cursor.replace('after-', '')) : 0;
      const end = start + LIST_PAGE_SIZE;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (end < server.all.length) headers[NEXT_CURSOR_HEADER] = `after-${end}`;
      return new Response(JSON.stringify(server.all.slice(start, end)), { headers });
    }),
  );
  return server;
}
