// Runs every benchmark script in this folder, one after another.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
const scripts = readdirSync(here).filter((f) => f.endsWith('.ts') && f !== 'lib.ts');
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${script}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
