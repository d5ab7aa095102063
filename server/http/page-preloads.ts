// The client's HTML with the opened page's own chunks named in it (issue 14's page speed): the browser
// fetches them alongside the app's entry instead of after the entry has run and asked for them, one round
// trip less before a deep link shows. Only for a request with a session cookie: a visitor is sent to sign in
// (or sees the landing page, which is in the entry), so the page's code would be a wasted download.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The client's routes (client/app/router.tsx) by first path segment -> the chunk of the page they show.
 * vite-chunks.ts names a page's chunk after its module; "" is the home page (signed in).
 */
export const PAGE_CHUNKS: ReadonlyMap<string, string> = new Map([
  ['', 'home-page'],
  ['billing', 'billing-page'],
  ['messages', 'messages-page'],
  ['my-requests', 'my-requests-page'],
  // The /notifications page and the profile's preferences card (issue 27), one chunk.
  ['notifications', 'notification-pages'],
  ['profile', 'profile-page'],
  ['search', 'search-page'],
  ['timeline', 'timeline-page'],
]);

/** The chunk of the page `pathname` shows a signed-in user; "" for home and paths with no page of their own. */
export function pageChunkFor(pathname: string): string {
  const [, segment = '', id] = pathname.split('/');
  // /timeline and /timeline/ name no threadline: the client sends them home.
  if (segment === 'timeline' && !id) return PAGE_CHUNKS.get('')!;
  return PAGE_CHUNKS.get(segment) ?? '';
}

/** The files a manifest key pulls in through static imports, the key's own first. */
function closure(manifest: Manifest, key: string, files: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, files);
  return files;
}

/** The scripts the named chunk needs that the entry does not already load (empty when there is no such chunk). */
export function pageScripts(manifest: Manifest, chunkName: string): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const entry = entryKey ? closure(manifest, entryKey, new Set()) : new Set<string>();
  const key = Object.keys(manifest).find((k) => manifest[k]!.name === chunkName && !manifest[k]!.isEntry);
  if (!key) return [];
  return [...closure(manifest, key, new Set())].filter((file) => !entry.has(file) && file.endsWith('.js'));
}

/** `html` with a modulepreload link per script, at the end of its head. */
export function withPreloads(html: string, scripts: string[]): string {
  const links = scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * The tag that tells the entry a session cookie came with the page (client/lib/first-reads.ts): it starts the
 * page's first reads at once instead of after the sign-in check's answer, one round trip sooner.
 */
export const SESSION_HINT = '<meta name="tl-session" id="tl-session">';

/** `html` marked as sent with a session cookie, at the end of its head. */
export function withSessionHint(html: string): string {
  return html.replace('</head>', `${SESSION_HINT}</head>`);
}

interface Variant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface PageHtml {
  /** The HTML for `pathname`, compressed as `acceptEncoding` allows. */
  render(pathname: string, signedIn: boolean, acceptEncoding: string): { body: Buffer; encoding?: string };
}

/** Reads the built client's index.html and manifest once; each page's HTML is made on first use. */
export function loadPageHtml(clientDir: string): PageHtml {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const variants = new Map<string, Variant>();
  const variant = (chunk: string) => {
    let found = variants.get(chunk);
    if (!found) {
      const identity = Buffer.from(
        chunk ? withSessionHint(withPreloads(html, pageScripts(manifest, chunk))) : html,
      );
      found = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      variants.set(chunk, found);
    }
    return found;
  };
  return {
    render(pathname, signedIn, acceptEncoding) {
      const chunk = signedIn ? pageChunkFor(pathname) : '';
      const v = variant(chunk);
      if (/\bbr\b/.test(acceptEncoding)) return { body: v.br, encoding: 'br' };
      if (/\bgzip\b/.test(acceptEncoding)) return { body: v.gzip, encoding: 'gzip' };
      return { body: v.identity };
    },
  };
}
