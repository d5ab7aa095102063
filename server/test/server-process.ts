// The real server in its own process (`node --import tsx server/index.ts`), for fault tests that kill it.
//   const server = await startServer({ DATA_DIR: dir });   // server.base, server.child
//   server.child.kill('SIGKILL'); await server.exited;
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  readonly output: string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
}

export interface RunningServer extends ServerProcess {
  base: string;
}

/** Spawns the server with `env` on top of a production-like default (port 0, 127.0.0.1, info logs). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SESSION_SECRET: 'fault-test-secret-that-is-long-enough-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    get output() {
      return output;
    },
    exited,
  };
}

/** Spawns the server and resolves once it listens and says it is ready; rejects if it exits first. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const proc = spawnServer(env);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.child.kill('SIGKILL');
      reject(new Error(`server not ready within ${timeoutMs} ms:\n${proc.output}`));
    }, timeoutMs);
    const check = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.output);
      if (listening && proc.output.includes('Threadline is ready')) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    proc.child.stdout!.on('data', check);
    proc.child.stderr!.on('data', check);
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${proc.output}`));
    });
  });
  return Object.assign(proc, { base });
}

/** Stops a server that may already be gone: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}
