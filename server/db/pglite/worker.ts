// The embedded database in a thread of its own (PGLITE_WORKER=on): PGlite's queries run in WebAssembly on
// the thread that calls them, so in the server's thread they share one core with HTTP, JSON and sockets.
// Here they get the second core. Messages: see remote.ts, which speaks for this file on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { Reply, Request } from './messages.ts';

if (!parentPort) throw new Error('server/db/pglite/worker.ts runs as a worker thread');
const port = parentPort;

// drizzle reads dates, times and intervals as text and maps them itself (drizzle-orm/pglite/session.js).
const asText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    asText,
  ]),
);

const { dir, loadDataDir } = workerData as { dir?: string; loadDataDir?: ArrayBuffer };
const options = { extensions: { btree_gin }, loadDataDir: loadDataDir && new Blob([loadDataDir]) };
const pg = dir ? new PGlite(dir, options) : new PGlite(options);

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}
const open = new Map<number, OpenTransaction>();
let lastTx = 0;

/** Thrown inside PGlite's transaction so that it rolls back (and caught right after). */
const ROLLBACK = Symbol('rollback');

function begin(): Promise<number> {
  return new Promise((begun, failed) => {
    const id = ++lastTx;
    let end: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const done = pg
      .transaction(async (tx) => {
        open.set(id, { tx, end, done });
        begun(id);
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => open.delete(id));
    // BEGIN itself failed: nothing was opened.
    done.catch((err: unknown) => {
      if (!open.has(id)) failed(err);
    });
  });
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx ? transaction(request.tx).tx : pg;
      const result = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: PARSERS,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await pg.exec(request.sql)).map((r) => ({
        rows: r.rows,
        fields: r.fields,
        affectedRows: r.affectedRows,
      }));
    case 'begin':
      return begin();
    case 'end': {
      const entry = transaction(request.tx);
      entry.end(request.commit);
      await entry.done;
      return null;
    }
    case 'dump':
      return pg.dumpDataDir('none');
    case 'close':
      await pg.close();
      return null;
  }
}

function transaction(id: number): OpenTransaction {
  const entry = open.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  return entry;
}

/**
 * PostgreSQL's fields (code, constraint, detail...) cross over as a plain object; not the query's options,
 * whose parsers are functions and cannot be posted.
 */
function toPlain(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = Object.entries(err).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return { ...Object.fromEntries(fields), name: err.name, message: err.message };
}

/** Every request is answered, even when its result cannot be posted. */
function reply(id: number, outcome: { result: unknown } | { error: unknown }) {
  try {
    if ('result' in outcome) return port.postMessage({ id, result: outcome.result } satisfies Reply);
  } catch (err) {
    outcome = { error: err };
  }
  port.postMessage({ id, error: toPlain('error' in outcome ? outcome.error : undefined) } satisfies Reply);
}

port.on('message', (request: Request) => {
  handle(request).then(
    (result) => reply(request.id, { result }),
    (error: unknown) => reply(request.id, { error }),
  );
});
await pg.waitReady;
port.postMessage({ id: 0, result: 'ready' } satisfies Reply);
