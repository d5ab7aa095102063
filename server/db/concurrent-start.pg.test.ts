// Two instances starting together on an empty PostgreSQL database (DECISIONS §1): the advisory lock around
// migrations lets one migrate while the other waits, and both come up. Runs in the PostgreSQL project only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../test/db.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts `node server/index.ts` and resolves with its output once it is ready (or rejects when it exits). */
function start(env: Record<string, string>): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Threadline is ready')) resolve(output);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, ready };
}

describe('two instances on an empty PostgreSQL database', () => {
  it('both start: migrations run once, under a lock', { timeout: 90_000 }, async () => {
    const scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, 'tl_start');
    const dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'tl-start-'))));
    const instances = dirs.map((dir) =>
      start({ DATABASE_URL: scratch.url, DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) }),
    );
    try {
      const outputs = await Promise.all(instances.map((i) => i.ready));
      for (const output of outputs) expect(output).not.toMatch(/could not start/);
    } finally {
      for (const { child } of instances) child.kill('SIGTERM');
      await Promise.all(
        instances.map(
          ({ child }) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r))),
        ),
      );
      await scratch.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
