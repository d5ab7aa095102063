// Pieces shared by bench/realtime.ts and its child processes: one clock for every process, and request /
// reply over the fork() IPC channel.
import { type ChildProcess, fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * Milliseconds on CLOCK_MONOTONIC (what process.hrtime reads on Linux): one clock for the whole machine, so a
 * time taken in the bench process and one taken in a client process subtract directly.
 */
export const now = () => Number(process.hrtime.bigint()) / 1e6;

export interface Member {
  id: string;
  cookie: string;
}

type Reply = { id?: number; error?: string } & Record<string, unknown>;

export interface Child {
  process: ChildProcess;
  /** The child's first message (`{type: 'ready', ...}`). */
  ready: Promise<Record<string, unknown>>;
  /** Sends a request and resolves with the child's reply to it (rejects with the child's error). */
  ask<T = Record<string, unknown>>(message: { type: string } & Record<string, unknown>): Promise<T>;
  /** Messages the child sends on its own (no request id), by type. */
  on(type: string, handler: (message: Record<string, unknown>) => void): void;
  /** Asks the child to close and waits for it to exit (kills it after 10 s). */
  close(): Promise<void>;
}

export function forkChild(script: string, opts: { env?: Record<string, string>; execArgv?: string[] } = {}) {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(m: Reply): void; reject(e: Error): void }>();
  const handlers = new Map<string, (m: Record<string, unknown>) => void>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      for (const w of waiting.values()) w.reject(new Error(`${script} exited (${code ?? signal})`));
      waiting.clear();
      resolve();
    });
  });
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited before it was ready (${code})`)));
    child.on('message', (m: Reply) => {
      if (m.type === 'ready') resolve(m);
      else if (m.id !== undefined) {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error) w?.reject(new Error(`${script}: ${m.error}`));
        else w?.resolve(m);
      } else handlers.get(String(m.type))?.(m);
    });
  });
  // A failed start rejects `ready`; without a listener yet, that must not crash the bench.
  ready.catch(() => {});
  return {
    process: child,
    ready,
    ask: <T>(message: { type: string } & Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        if (exited) return reject(new Error(`${script} has exited`));
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (m: Reply) => void, reject });
        child.send({ ...message, id });
      }),
    on: (type, handler) => {
      handlers.set(type, handler);
    },
    close: async () => {
      if (exited) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.send({ type: 'close' });
      await exit;
      clearTimeout(timer);
    },
  } satisfies Child;
}

type Handlers = Record<
  string,
  (message: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>
>;

/** In a child: answers each request with its handler's result (or its error), tagged with the request id. */
export function serve(handlers: Handlers) {
  // The bench process is gone (crashed or interrupted): do not linger holding ports and sockets.
  process.on('disconnect', () => process.exit(1));
  process.on('message', async (m: { id?: number; type: string } & Record<string, unknown>) => {
    const handler = handlers[m.type];
    try {
      if (!handler) throw new Error(`no handler for ${m.type}`);
      const result = (await handler(m)) ?? {};
      process.send?.({ ...result, id: m.id });
    } catch (err) {
      process.send?.({ id: m.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
}

/** Resident set, V8 heap and external memory after two full GCs (needs --expose-gc). */
export async function measuredMemory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('start the process with --expose-gc');
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

/**
 * What every bench server answers besides its own requests: memory (after GC), cpu (time used so far), and
 * a CPU profile of a window the parent chooses (the timed posts, not start-up and seeding).
 */
export function serverHandlers(): Handlers {
  let inspector: Session | undefined;
  return {
    memory: async () => measuredMemory(),
    cpu: async () => ({ ...process.cpuUsage(), elu: performance.eventLoopUtilization() }),
    'profile-start': async () => {
      inspector = new Session();
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
      await inspector.post('Profiler.start');
      return {};
    },
    'profile-stop': async (m) => {
      const { profile } = await inspector!.post('Profiler.stop');
      inspector!.disconnect();
      const file = path.join(String(m.dir), `${m.name}-${process.pid}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      return { file };
    },
  };
}
