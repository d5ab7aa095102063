// Race tests prove that the race window was hit (issue 22): a probe on the PostgreSQL pool records when
// each racing request had its transaction open on the database, and a race fails unless, in at least one of
// its rounds, two racing requests were there at the same time. Races run on PostgreSQL only, in
// *.pg.test.ts files: PGlite runs one query at a time, so nothing overlaps there (its smoke runs one small
// round of the same code with `smokeProbe`).
//
//   const race = raceProbe(t);                       // t: setupTestApp(), setupStorageApp()...
//   const rounds = race.rounds('block', 'write');    // in the test
//   for (...) await rounds.run(() => Promise.all([race.as('block', () => ...), race.as('write', () => ...)]));
//   rounds.expectOverlap();
//
// What is measured, per pooled connection (pg's client.query is wrapped when the pool hands it out), for
// the requests run through `race.as(label, ...)` (the label follows them through AsyncLocalStorage):
// - a transaction is open from the moment its BEGIN has been answered until its COMMIT (or ROLLBACK) is
//   sent: the server certainly had it open all that time. Two overlap when each was open before the other
//   sent its COMMIT: both had started before either committed;
// - a request that ran no transaction races with its writes (an archive's UPDATE, a rate-limit upsert):
//   each is in flight from when it is sent until its answer arrives;
// - a request's other statements (its session looked up, the route's first access check, the limiter's
//   upsert before a join's transaction) are not what races, and are left out.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';

interface Span {
  label: string;
  /** The request it ran for (one `race.as` call). */
  request: number;
  kind: 'transaction' | 'statement';
  /** The pooled connection it ran on: two spans of one connection never overlap. */
  connection: object;
  from: number;
  to: number;
}

const labels = new AsyncLocalStorage<{ label: string; request: number }>();
let requests = 0;
const patchedPools = new WeakSet<Pool>();
const patchedClients = new WeakSet<PoolClient>();
/** The spans of the round being run (rounds of one file run one after another). */
let recording: Span[] | null = null;

const record = (span: Span) => recording?.push(span);
/** A statement that writes: outside a transaction, it is a transaction of its own. */
const WRITE = /^(insert|update|delete|merge)\b|^with\b[\s\S]*\b(insert|update|delete)\b/;

function queryText(query: unknown): string {
  if (typeof query === 'string') return query;
  return typeof (query as { text?: unknown })?.text === 'string' ? (query as { text: string }).text : '';
}

/** Wraps one pooled client's query(): BEGIN ... COMMIT/ROLLBACK become spans, so do writes outside them. */
function watchClient(client: PoolClient) {
  if (patchedClients.has(client)) return;
  patchedClients.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let open: { label: string; request: number; from: number } | null = null;
  let inTransaction = false;
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const by = labels.getStore();
    const text = queryText(args[0]).trim().toLowerCase();
    const sentAt = performance.now();
    let onAnswer: (() => void) | undefined;
    if (/^(begin|start transaction)\b/.test(text)) {
      inTransaction = true;
      open = null;
      if (by) onAnswer = () => (open = { ...by, from: performance.now() });
    } else if (/^(commit|rollback|end|abort)\b/.test(text) && !text.startsWith('rollback to')) {
      if (open) record({ ...open, kind: 'transaction', connection: client, to: sentAt });
      open = null;
      inTransaction = false;
    } else if (!inTransaction && by && WRITE.test(text)) {
      onAnswer = () =>
        record({ ...by, kind: 'statement', connection: client, from: sentAt, to: performance.now() });
    }
    if (!onAnswer) return query(...args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        if (!results[0]) onAnswer();
        callback(...results);
      };
      return query(...args);
    }
    const answer = query(...args);
    if (answer instanceof Promise) answer.then(onAnswer, () => {});
    return answer;
  };
}

function watchPool(pool: Pool) {
  if (patchedPools.has(pool)) return;
  patchedPools.add(pool);
  pool.on('acquire', (client) => watchClient(client));
  // pool.query() hands its statement to a client in a callback that may run in whichever request released
  // that client: bound here, it runs in the caller's context, so the statement keeps the caller's label.
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) =>
    callback ? connect(AsyncResource.bind(callback)) : connect();
}

/**
 * The racing work of each request: its transactions, or, for a request that ran none, its writes (rate
 * limits and an archive are one statement each). A request's other statements (the limiter's upsert before
 * a join's transaction) are not what races.
 */
function racingWork(spans: Span[]): Span[] {
  const withTransaction = new Set(spans.filter((s) => s.kind === 'transaction').map((s) => s.request));
  return spans.filter((s) => s.kind === 'transaction' || !withTransaction.has(s.request));
}

/** Whether racing work labelled `a` and racing work of another request labelled `b` were on the database at once. */
function overlapping(spans: Span[], a: string, b: string): boolean {
  const work = racingWork(spans);
  const left = work.filter((s) => s.label === a);
  const right = work.filter((s) => s.label === b);
  return left.some((x) =>
    right.some(
      (y) => x.request !== y.request && x.connection !== y.connection && x.from < y.to && y.from < x.to,
    ),
  );
}

export interface RaceRounds {
  /** Runs one round, recording the database work of its labelled requests. */
  run<T>(round: () => Promise<T>): Promise<T>;
  /** Rounds run so far, and how many of them had `a` and `b` on the database at the same time. */
  readonly total: number;
  readonly overlapped: number;
  /** Fails unless at least one round overlapped: otherwise the race was never run, only its answers. */
  expectOverlap(): void;
}

export interface RaceProbe {
  /** Runs `call` (one request) with its database work labelled `label`. */
  as<T>(label: string, call: () => Promise<T>): Promise<T>;
  /** A series of rounds in which requests labelled `a` race requests labelled `b` (by default `a` again). */
  rounds(a: string, b?: string): RaceRounds;
}

/**
 * The probe for the app of a test file (`setupTestApp()`, `setupStorageApp()`), or for several apps on one
 * database (instances): on PostgreSQL only.
 */
export function raceProbe(...apps: { database: Database }[]): RaceProbe {
  const install = () => {
    for (const { database } of apps) {
      if (database?.kind !== 'postgres') {
        throw new Error('race rounds run on PostgreSQL only: put the race in a *.pg.test.ts file');
      }
      watchPool((database.db as unknown as { $client: Pool }).$client);
    }
  };
  return {
    // Awaited inside run(): inject() answers a thenable that starts the request only when awaited, and an
    // await outside run() would start it without the label.
    as: (label, call) => labels.run({ label, request: ++requests }, async () => await call()),
    rounds(a, b = a) {
      let total = 0;
      let overlapped = 0;
      return {
        get total() {
          return total;
        },
        get overlapped() {
          return overlapped;
        },
        async run(round) {
          install();
          const spans: Span[] = [];
          recording = spans;
          try {
            return await round();
          } finally {
            recording = null;
            total++;
            if (overlapping(spans, a, b)) overlapped++;
            if (process.env.RACE_VERBOSE) {
              const work = racingWork(spans);
              const counts = `${work.filter((s) => s.label === a).length} ${a}, ${work.filter((s) => s.label === b).length} ${b}`;
              console.log(
                `round ${total} (${counts}): ${overlapping(spans, a, b) ? 'overlapped' : 'serial'}`,
              );
            }
          }
        },
        expectOverlap() {
          expect(
            overlapped,
            `none of ${total} rounds had a "${a}" and a "${b}" request open on the database at the same time`,
          ).toBeGreaterThan(0);
        },
      };
    },
  };
}

/**
 * For the PGlite smoke of a race (one small round of the same code): PGlite runs one query at a time, so
 * its rounds never overlap and none is asked for.
 */
export const smokeProbe: RaceProbe = {
  as: (_label, call) => call(),
  rounds: () => ({ total: 0, overlapped: 0, run: (round) => round(), expectOverlap: () => {} }),
};
