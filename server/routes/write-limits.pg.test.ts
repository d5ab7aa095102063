// Per-user write limits under bursts on PostgreSQL, where the counters are rows shared by every instance:
// one app, and two apps on one database as two processes would be. Each burst must show that its requests
// were on the database at the same time (server/test/races.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { setupTestApp } from '../test/app.ts';
import { createEmptyDatabase } from '../test/db.ts';
import { raceProbe } from '../test/races.ts';
import { writeLimitCases } from './write-limits.cases.ts';

describe('one instance', () => {
  const t = setupTestApp();
  it('90 parallel posts by one user: exactly 30 created, 60 refused with Retry-After', () =>
    writeLimitCases(t, raceProbe(t)).postBurst(90));
});

describe('two instances on one database', () => {
  let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;
  const instances: { app: FastifyInstance; database: Database }[] = [];
  beforeAll(async () => {
    scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, 'tl_write_limits');
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(scratch.url);
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        database,
        sessionSecret: 'shared-secret-that-is-long-enough-0123456789',
        logger: false,
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

  it('share one limit: 90 parallel posts split between them, exactly 30 created', () => {
    const [first] = instances;
    const t = { ...first!, close: async () => {} };
    return writeLimitCases(t, raceProbe(...instances)).postBurst(90, instances);
  });
});
