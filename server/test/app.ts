// Builds the real app on a fresh test database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Partial<
    Pick<AppDeps, 'logger' | 'mailWorker' | 'notificationWorker' | 'exportWorker' | 'exportLimits'>
  > = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'test-secret-that-is-long-enough-0123456789',
    logger: false,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** One app for the whole file: `const t = setupTestApp(); ... t.app`. */
export function setupTestApp(env?: Record<string, string>): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(env));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
