import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { APP_STYLES_ATTRIBUTES } from './client/lib/app-styles.ts';
import { chunkByRoots } from './vite-chunks.ts';
import { serviceWorker } from './vite-service-worker.ts';

const api = 'http://127.0.0.1:5000';

/**
 * Moves the app's stylesheet from <head> to the end of <body>, after the static shell, and makes it
 * non-render-blocking (media="print" until the entry switches it on: client/lib/app-styles.ts), so the shell
 * paints as soon as the HTML is parsed, whatever the stylesheet and scripts are doing (issue 28: the first
 * paint had waited for the stylesheet, and so at times for the scripts' evaluation too). fetchpriority keeps
 * its download as early as a stylesheet's; the entry renders nothing before it has loaded, so the app never
 * shows unstyled.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'threadline:stylesheet-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        let out = html;
        for (const link of links) out = out.replace(link, '');
        const deferred = links.map((link) =>
          link.replace('<link rel="stylesheet"', `<link rel="stylesheet" ${APP_STYLES_ATTRIBUTES}`),
        );
        return out.replace('</body>', `  ${deferred.join('')}</body>`);
      },
    },
  };
}

const pages = chunkByRoots(path.resolve(import.meta.dirname, 'client/main.tsx'));
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|wouter|regexparam|use-sync-external-store)[\\/]/;
/**
 * TanStack Query's observers for paged lists, several queries and mutations: only signed-in pages use them, so
 * they go in the app chunk those pages load, not in the vendor chunk the landing loads too (its 100 KB, checked
 * by e2e/first-load.spec.ts, had no room left for them).
 */
const SIGNED_IN_QUERY =
  /@tanstack[\\/](query-core|react-query)[\\/].*[\\/](infiniteQueryObserver|useInfiniteQuery|queriesObserver|useQueries|mutationObserver|useMutation)\.js$/;

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    stylesheetAfterShell(),
    // /sw.js (issue 27: the static cache and Web Push), built on its own from client/service-worker/sw.ts.
    serviceWorker({ entry: path.resolve(import.meta.dirname, 'client/service-worker/sw.ts') }),
    // .br and .gz beside each asset, served by @fastify/static's preCompressed (nothing compressed per request).
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.vite\//], logLevel: 'silent' }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // No modulepreload polyfill (~300 bytes of the landing's entry): every browser the app targets preloads
    // modules itself, and one that does not only loads the chunks a moment later.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the chunk graph bench/bundle-size.mjs reads (dotfiles are never served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs first, in one file the HTML preloads, rather than the four Rolldown split it
          // into once lazy chunks shared parts of it (each split costs bytes and a request).
          groups: [
            {
              name: 'vendor',
              test: (id) => VENDOR.test(id) && !SIGNED_IN_QUERY.test(id),
            },
            // Each module where vite-chunks.ts says; its imports are placed on their own account.
            {
              name: (id, ctx) => (SIGNED_IN_QUERY.test(id) ? 'app' : pages(id, ctx)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/objects': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true, changeOrigin: false },
    },
  },
});
