// Several app instances on one scratch PostgreSQL database, as that many processes would be: each with its
// own pool and its own memory, sharing only the database (its rate limits, sessions, events).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { createEmptyDatabase } from './db.ts';

export interface Instance {
  app: FastifyInstance;
  database: Database;
}

/** `count` instances for the enclosing file or describe block; filled in before its tests run. */
export function setupInstances(
  count: number,
  env: Record<string, string> = {},
  name = 'tl_instances',
  deps: Partial<Pick<AppDeps, 'mailWorker' | 'exportWorker' | 'exportLimits'>> = {},
) {
  const instances: Instance[] = [];
  let scratch: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
  beforeAll(async () => {
    scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, name);
    for (let i = 0; i < count; i++) {
      const database = await openPostgres(scratch.url);
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
        database,
        sessionSecret: 'shared-secret-that-is-long-enough-0123456789',
        logger: false,
        ...deps,
      });
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await scratch?.drop();
  });
  return instances;
}
