// Runs every benchmark script in this folder, one after another, except feed.ts: it seeds a million posts
// and takes about 8 minutes, so it runs alone (see README.md).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
const SKIP = new Set(['lib.ts', 'feed.ts']);
const scripts = readdirSync(here).filter((f) => f.endsWith('.ts') && !SKIP.has(f));
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${script}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
