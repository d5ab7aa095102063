// Runs every benchmark script in this folder, one after another, except the long ones, which run alone (see
// README.md): feed.ts seeds a million posts (about 8 minutes), upload.ts sends 200 MB files through both
// storage backends, realtime.ts opens 10,000 sockets and starts several servers (about 3 minutes), users.ts
// ramps simulated users (many minutes), notifications-inbox.ts seeds a million notifications (4 minutes),
// notify-commits.ts loads PostgreSQL with up to 64 connections (2 minutes).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
const SKIP = new Set([
  'lib.ts',
  'feed.ts',
  'upload.ts',
  'realtime.ts',
  'users.ts',
  'notifications-inbox.ts',
  'notify-commits.ts',
]);
const scripts = readdirSync(here).filter((f) => f.endsWith('.ts') && !SKIP.has(f));
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${script}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
