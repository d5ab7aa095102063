// What GET /api/health reports: the database answers, its migrations are the ones this build ships, and
// the instance is not shutting down. Load balancers and orchestrators poll it (readiness).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/client.ts';
import { pgError } from '../db/errors.ts';

export type HealthReport =
  | { status: 'ok'; database: 'ok'; migrations: 'current' }
  | {
      status: 'error';
      database: 'ok' | 'unreachable';
      migrations: 'current' | 'pending' | 'ahead' | 'unknown';
      message: string;
    }
  | { status: 'shutting_down'; message: string };

/** The database must answer within this; a hung connection makes the instance unready, not the probe hang. */
export const HEALTH_TIMEOUT_MS = 2000;

/** The newest migration this build ships (drizzle records each one's `when` as created_at). */
export function shippedMigrations(folder = migrationsFolder): { count: number; last: number } {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, last: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

export async function checkHealth(
  db: Db,
  shipped: { last: number } = shippedMigrations(),
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<HealthReport> {
  let applied: number;
  try {
    applied = await withTimeout(lastAppliedMigration(db), timeoutMs);
  } catch (err) {
    // Undefined table: the database answers but was never migrated.
    if (pgError(err).code === '42P01' || pgError(err).code === '3F000') {
      return {
        status: 'error',
        database: 'ok',
        migrations: 'pending',
        message: 'The database has no migrations applied: restart the app to apply them',
      };
    }
    return {
      status: 'error',
      database: 'unreachable',
      migrations: 'unknown',
      message:
        err instanceof HealthTimeout
          ? `The database did not answer within ${timeoutMs} ms`
          : 'The database is unreachable',
    };
  }
  if (applied === shipped.last) return { status: 'ok', database: 'ok', migrations: 'current' };
  if (applied < shipped.last) {
    return {
      status: 'error',
      database: 'ok',
      migrations: 'pending',
      message: 'The database misses migrations this version needs: restart the app to apply them',
    };
  }
  return {
    status: 'error',
    database: 'ok',
    migrations: 'ahead',
    message: 'The database has migrations newer than this version of the app',
  };
}

async function lastAppliedMigration(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { last: string }[] };
  return Number(result.rows[0]?.last ?? 0);
}

class HealthTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout()), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
