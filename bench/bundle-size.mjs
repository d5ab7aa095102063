// Initial JavaScript and CSS per route of the built client: what the browser downloads before the route
// shows, read from Vite's manifest (the entry's static imports, plus the route's lazy chunk and its own
// static imports). Sizes are the .gz and .br files the build wrote, i.e. the bytes the server sends.
// Usage: node bench/bundle-size.mjs [--no-build]   (builds first unless --no-build)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// E2E_CLIENT_DIR: a build other than dist/client, as the server takes it (server/index.ts).
const dist = process.env.E2E_CLIENT_DIR
  ? path.resolve(root, process.env.E2E_CLIENT_DIR)
  : path.join(root, 'dist', 'client');

/**
 * Route -> the modules it renders; signed-in screens also mount the real-time chunk (socket client, live
 * updates, notification card). Loaded later, on first use: the toaster (first toast), the menus' Radix code
 * (first hover, focus or click), dialogs, the messaging modal.
 */
const MODAL = ['lib/realtime/live-updates.tsx'];
export const ROUTES = [
  ['/ (landing, signed out)', ['features/landing/components/landing-page.tsx']],
  ['/login', ['features/auth/components/login-page.tsx']],
  ['/ (home, signed in)', ['features/home/components/home-page.tsx', ...MODAL]],
  ['/timeline/{id}', ['features/timeline/components/timeline-page.tsx', ...MODAL]],
  ['/profile', ['features/profile/components/profile-page.tsx', ...MODAL]],
  ['/my-requests', ['features/my-requests/components/my-requests-page.tsx', ...MODAL]],
  ['/billing', ['features/billing/components/billing-page.tsx', ...MODAL]],
  ['/messages', ['features/messages/components/messages-page.tsx', ...MODAL]],
  ['404 (signed out)', ['features/not-found/components/not-found-page.tsx']],
];

const size = (file, ext = '') => {
  const p = path.join(dist, file + ext);
  return existsSync(p) ? statSync(p).size : statSync(path.join(dist, file)).size;
};

/** Every file a manifest key pulls in through static imports (lazy chunks excluded). */
function closure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, files);
  return files;
}

/**
 * The manifest key of the chunk holding `module`: its own key when it starts a chunk, else the chunk that
 * vite-chunks.ts named after it (a page and what only it uses), else none: it is bundled into the entry.
 */
function chunkKey(manifest, module) {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key].name === name && key.startsWith('_'));
}

export function routeSizes() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entry = closure(manifest, 'index.html');
  return ROUTES.map(([route, modules]) => {
    const files = new Set(entry);
    for (const m of modules) closure(manifest, chunkKey(manifest, m), files);
    const js = [...files].filter((f) => f.endsWith('.js'));
    const css = [...files].filter((f) => f.endsWith('.css'));
    const sum = (list, ext) => list.reduce((n, f) => n + size(f, ext), 0);
    return {
      route,
      requests: js.length + css.length,
      js: sum(js, ''),
      jsGzip: sum(js, '.gz'),
      jsBrotli: sum(js, '.br'),
      cssGzip: sum(css, '.gz'),
    };
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--no-build')) {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  console.log('| route | JS files + CSS | JS (raw) | JS gzip | JS brotli | CSS gzip |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of routeSizes()) {
    console.log(
      `| ${r.route} | ${r.requests} | ${kb(r.js)} | ${kb(r.jsGzip)} | ${kb(r.jsBrotli)} | ${kb(r.cssGzip)} |`,
    );
  }
}
