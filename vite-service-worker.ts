// Builds client/service-worker/sw.ts into /sw.js at the site's root (issue 27): a classic script (every browser
// runs those as service workers; module workers are not everywhere yet) bundled on its own, so none of the
// app's chunks end up in it nor it in them. Its build id (a hash of the bundle's file names) changes with
// every build that changes a file, so browsers install the new worker and it drops the old build's cache;
// the files index.html loads first are cached on install. Served with Cache-Control: no-cache like every
// file outside /assets (server/app.ts).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** The /assets/ files an HTML page names (script, modulepreload and stylesheet links). */
export function shellAssets(html: string): string[] {
  const found = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(found)];
}

async function compile(entry: string, define: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: path.dirname(entry),
    publicDir: false,
    define,
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry, formats: ['iife'], name: 'threadlineServiceWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs) {
    if (!('output' in out)) continue;
    const chunk = out.output.find((o) => o.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('service worker: the build produced no script');
}

export function serviceWorker({ entry }: { entry: string }): Plugin {
  return {
    name: 'threadline:service-worker',
    // `npm run dev`: built on request, so the profile's push toggle works there too (nothing is cached: the dev
    // server has no /assets; the app registers it in production builds only, the toggle when pressed).
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split('?')[0] !== '/sw.js') return next();
        try {
          const code = await compile(entry, { __SW_BUILD__: '"dev"', __SW_SHELL__: '[]' });
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('cache-control', 'no-cache');
          res.end(code);
        } catch (err) {
          next(err);
        }
      });
    },
    generateBundle: {
      // After the HTML is written (its final asset names are known).
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        const shell = html?.type === 'asset' ? shellAssets(String(html.source)) : [];
        const files = Object.keys(bundle)
          .filter((f) => !f.startsWith('.vite/'))
          .sort();
        const id = createHash('sha256').update(files.join('\n')).digest('base64url').slice(0, 12);
        const code = await compile(entry, {
          __SW_BUILD__: JSON.stringify(id),
          __SW_SHELL__: JSON.stringify(shell),
        });
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
      },
    },
  };
}
