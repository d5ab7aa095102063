// `npm start` builds the client when dist/ is missing or older than the sources it comes from.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'dist', 'client', 'index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

let builtAt = 0;
try {
  builtAt = statSync(output).mtimeMs;
} catch {}
const sourcesAt = Math.max(
  newest(path.join(root, 'client')),
  newest(path.join(root, 'common')),
  statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed: rebuilding the client...' : 'Building the client (first start)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}
