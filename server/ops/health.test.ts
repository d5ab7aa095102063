// GET /api/health: reachable database and current migrations answer 200; anything else 503 with a reason.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { buildTestApp, setupTestApp } from '../test/app.ts';
import { checkHealth, shippedMigrations } from './health.ts';

const t = setupTestApp();

describe('GET /api/health', () => {
  it('answers 200 ok without a session, uncached, with a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('compares the applied migrations with the ones this build ships', async () => {
    const shipped = shippedMigrations();
    expect(shipped.count).toBeGreaterThan(0);
    expect(await checkHealth(t.app.db, shipped)).toMatchObject({ status: 'ok' });
    expect(await checkHealth(t.app.db, { last: shipped.last + 1 })).toMatchObject({
      status: 'error',
      database: 'ok',
      migrations: 'pending',
    });
    expect(await checkHealth(t.app.db, { last: shipped.last - 1 })).toMatchObject({
      status: 'error',
      database: 'ok',
      migrations: 'ahead',
    });
  });

  // A fresh PGlite runs initdb first: tens of seconds on a busy 2-core host (CI saw 34 s), so the wait for it
  // stays out of the health check's own timeout and gets a ceiling of its own.
  it('a database that was never migrated is reachable with migrations pending', {
    timeout: 120_000,
  }, async () => {
    const client = new PGlite();
    try {
      await client.waitReady;
      const report = await checkHealth(drizzle(client) as unknown as Db);
      expect(report).toMatchObject({ status: 'error', database: 'ok', migrations: 'pending' });
    } finally {
      await client.close();
    }
  });

  it('a database that fails or hangs is unreachable, within the timeout', async () => {
    const refused = {
      execute: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    } as unknown as Db;
    expect(await checkHealth(refused)).toEqual({
      status: 'error',
      database: 'unreachable',
      migrations: 'unknown',
      message: 'The database is unreachable',
    });
    const hung = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    expect(await checkHealth(hung, shippedMigrations(), 100)).toMatchObject({
      status: 'error',
      database: 'unreachable',
      message: 'The database did not answer within 100 ms',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers 503 with a JSON reason when the database is gone', async () => {
    const other = await buildTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: 'unreachable',
        message: expect.any(String),
      });
    } finally {
      await other.app.close();
    }
  });
});
