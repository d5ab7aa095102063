// What SQL a request runs, and a one-line EXPLAIN (ANALYZE, BUFFERS) summary of it. The statements are
// captured from the driver while the real route answers one request (no copy of the server's SQL here), then
// explained with the same parameters on the same database.
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import type { BenchTarget } from '../lib.ts';

export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
/** The driver under Drizzle (pg.Pool or PGlite): both answer query(text, params) with { rows }. */
export const rawClient = (db: Db) => (db as unknown as { $client: RawClient }).$client;

export interface Captured {
  text: string;
  params: unknown[];
}

/** Runs `work` with every statement the driver sends recorded (PostgreSQL: any pool client; PGlite: the instance). */
export async function captureSql(target: BenchTarget, work: () => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const record = (args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') captured.push({ text: first, params: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, params: q.values ?? (Array.isArray(second) ? second : []) });
    }
  };
  // biome-ignore lint/suspicious/noExplicitAny: patching the driver's query method for one request
  const owner: any = target.kind === 'postgres' ? pg.Client.prototype : rawClient(target.database.db);
  const original = owner.query;
  owner.query = function (this: unknown, ...args: unknown[]) {
    record(args);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    owner.query = original;
  }
  return captured;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  'Exact Heap Blocks'?: number;
  'Total Cost'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}

interface Plan {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  JIT?: { Timing: { Total: number } };
}

const TABLES = new Set([
  'posts',
  'comments',
  'reactions',
  'users',
  'timelines',
  'timeline_members',
  'notifications',
]);

/** EXPLAIN (ANALYZE, BUFFERS) of one captured statement (fastest of 3): a one-line summary, and the whole text plan. */
export async function explainCaptured(target: BenchTarget, query: Captured) {
  const client = rawClient(target.database.db);
  // The fastest of three runs: one slow run on a shared machine says nothing about the plan.
  let plan: Plan | undefined;
  for (let i = 0; i < 3; i++) {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.text}`,
      query.params,
    );
    const raw = rows[0]?.['QUERY PLAN'];
    const [run] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Plan[];
    if (run && (!plan || run['Execution Time'] < plan['Execution Time'])) plan = run;
  }
  if (!plan) throw new Error('no plan');
  const notes: string[] = [];
  const walk = (node: PlanNode) => {
    const type = node['Node Type'];
    const rel = node['Relation Name'];
    if (type === 'Seq Scan')
      notes.push(`SEQ SCAN ${rel} (${node['Actual Rows']} rows x${node['Actual Loops']})`);
    if (type === 'Sort') notes.push(`sort ${node['Actual Rows']} rows (${node['Sort Method']})`);
    if (rel && TABLES.has(rel) && type !== 'Seq Scan') {
      const extra = [
        node['Heap Fetches'] === undefined ? '' : `heap fetches ${node['Heap Fetches']}`,
        node['Rows Removed by Filter'] ? `${node['Rows Removed by Filter']} filtered out/loop` : '',
        node['Exact Heap Blocks'] ? `${node['Exact Heap Blocks']} heap blocks` : '',
      ].filter(Boolean);
      notes.push(
        `${rel}: ${type}${node['Index Name'] ? ` ${node['Index Name']}` : ''} x${node['Actual Loops']} (${node['Actual Rows']} rows/loop${extra.length ? `, ${extra.join(', ')}` : ''})`,
      );
    }
    if (type === 'Bitmap Index Scan')
      notes.push(`bitmap ${node['Index Name']} x${node['Actual Loops']} (${node['Actual Rows']} rows/loop)`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  if (plan.JIT) notes.push(`JIT ${plan.JIT.Timing.Total.toFixed(1)} ms of it`);
  const top = plan.Plan;
  const summary = `execution ${plan['Execution Time'].toFixed(2)} ms (planning ${plan['Planning Time'].toFixed(2)} ms), cost ${Math.round(top['Total Cost'] ?? 0)}, buffers hit ${top['Shared Hit Blocks'] ?? 0} read ${top['Shared Read Blocks'] ?? 0}; ${dedupe(notes).join('; ')}`;
  const { rows: text } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.params);
  return {
    executionMs: plan['Execution Time'],
    summary,
    text: text.map((r) => String(r['QUERY PLAN'])).join('\n'),
  };
}

/** Identical notes (the same scan under several subplans) once, with a count. */
function dedupe(notes: string[]) {
  const counts = new Map<string, number>();
  for (const n of notes) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => (c > 1 ? `${n} [${c} nodes]` : n));
}
