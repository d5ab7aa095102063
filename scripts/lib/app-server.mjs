// The real server in its own process for the page-speed scripts (scripts/budget.mjs, bench/lighthouse.mjs):
// a free loopback port, and `node server/index.ts` on it, resolved once GET /api/meta answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the app on `port` with a data directory of its own; rejects if it is not up within 60 s. The
 * benchmarks seed hundreds of posts through the API as one user: the per-user write limits are raised.
 */
export async function startAppServer(port, dataDir) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      WRITE_LIMIT_FACTOR: '100',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/meta`)).ok) return server;
    } catch {}
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error('server did not start');
}
