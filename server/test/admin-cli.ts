// Runs the admin command line as an operator does (a child process, as `npm run admin` starts it).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function admin(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
      cwd: root,
      // No DATABASE_URL: these run on the embedded database in a directory of their own.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

// Each run starts a Node process with tsx (2-4 s on this shared machine) and migrates a new PGlite.
export const SLOW = 120_000;
