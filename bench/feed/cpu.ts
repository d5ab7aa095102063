// CPU time spent during a load run, split by who spent it: the server's Node process, the PostgreSQL
// backends of the bench database, the load generator, and everything else on the machine (other people's
// test runs on the shared cores). CPU per request does not depend on how busy the machine was, so it says what
// bounds a route's throughput where req/s alone cannot. Linux only (/proc); elsewhere the figures are null.
import { readFile } from 'node:fs/promises';
import type { RawClient } from './plans.ts';

const TICK_MS = 10; // USER_HZ is 100 on Linux

async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): utime is 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy and total milliseconds of all cores since boot. */
async function machineMs(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return null;
  }
}

export interface CpuSample {
  nodeMs: number;
  backends: Map<number, number>;
  machine: { busy: number; total: number } | null;
}

async function backendPids(client: RawClient | null): Promise<number[]> {
  if (!client) return [];
  // The pool connection that runs this query serves the app too: it is counted like the others.
  const { rows } = await client.query(`select pid from pg_stat_activity where datname = current_database()`);
  return rows.map((r) => Number(r.pid));
}

export async function sampleCpu(client: RawClient | null): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const backends = new Map<number, number>();
  for (const pid of await backendPids(client)) backends.set(pid, await processCpuMs(pid));
  return { nodeMs: (usage.user + usage.system) / 1000, backends, machine: await machineMs() };
}

export interface CpuSpent {
  /** The server process (PGlite's queries run here too). */
  nodeMs: number;
  /** PostgreSQL backends of the bench database (0 on PGlite). */
  postgresMs: number;
  /** All cores of the machine, busy and wall-clock capacity. */
  machineBusyMs: number | null;
  machineTotalMs: number | null;
}

export async function cpuSince(client: RawClient | null, before: CpuSample): Promise<CpuSpent> {
  const after = await sampleCpu(client);
  let postgresMs = 0;
  for (const [pid, ms] of after.backends) postgresMs += ms - (before.backends.get(pid) ?? 0);
  return {
    nodeMs: after.nodeMs - before.nodeMs,
    postgresMs,
    machineBusyMs: after.machine && before.machine ? after.machine.busy - before.machine.busy : null,
    machineTotalMs: after.machine && before.machine ? after.machine.total - before.machine.total : null,
  };
}
