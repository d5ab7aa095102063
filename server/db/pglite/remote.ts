// The main thread's side of the embedded database's own thread (worker.ts): just enough of PGlite's
// interface for drizzle's PGlite driver (query, transaction) and for openPglite (exec, dumpDataDir, close).
import { Worker } from 'node:worker_threads';
import type { Call, Reply } from './messages.ts';

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
type QueryOptions = { rowMode?: 'array' | 'object' };

/** The thread stopped (it crashed, or close() ran): what follows answers 503 like a lost PostgreSQL. */
class DatabaseThreadGone extends Error {
  readonly code = '57P01';
  constructor(reason: string) {
    super(`the embedded database's thread stopped: ${reason}`);
  }
}

export class RemotePglite {
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private lastId = 0;
  private gone: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiting.resolve(reply.result);
    });
    const stop = (reason: string) => {
      this.gone ??= new DatabaseThreadGone(reason);
      for (const waiting of this.pending.values()) waiting.reject(this.gone);
      this.pending.clear();
    };
    worker.on('error', (err) => stop(err.message));
    worker.on('exit', (code) => stop(`exit code ${code}`));
  }

  /** Starts the thread and waits until its database is open. */
  static async start({ dir, loadDataDir }: { dir?: string; loadDataDir?: Blob }): Promise<RemotePglite> {
    // TypeScript in the thread too, whatever runs the server (tsx, or Vitest in the tests): Node 20 does not
    // apply `--import tsx` to a worker's own entry, so the entry registers tsx and then imports the file.
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
    // A file-backed Blob cannot be posted: its bytes go over, moved rather than copied.
    const data = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(boot, {
      eval: true,
      workerData: { dir, loadDataDir: data },
      transferList: data ? [data] : [],
    });
    const remote = new RemotePglite(worker);
    await new Promise<void>((resolve, reject) => {
      remote.pending.set(0, { resolve: () => resolve(), reject });
    });
    return remote;
  }

  private call<T>(request: Call): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.call({ op: 'query', sql, params, rowMode: options?.rowMode });
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /** BEGIN in the thread, `run` with a handle whose queries go into that transaction, then COMMIT or ROLLBACK. */
  async transaction<T>(run: (tx: { query: RemotePglite['query'] }) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const handle = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call<Results>({ op: 'query', sql, params, rowMode: options?.rowMode, tx }),
    };
    let result: T;
    try {
      result = await run(handle);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  dumpDataDir(_compression?: 'none'): Promise<Blob> {
    return this.call({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (!this.gone) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
