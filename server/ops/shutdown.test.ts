// Graceful shutdown on a real listening server: unready at once, requests in flight finish, sockets close
// with a code the client reconnects on, new connections are refused, and a stuck request is cut in time.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../common/realtime.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/db.ts';
import { baseUrlOf, socketUser } from '../test/ws.ts';
import { gracefulShutdown, shutdownDelayFromEnv } from './shutdown.ts';

/** The real app plus GET /test/slow, which answers when `release()` is called. */
async function slowApp() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const database: Database = await openTestDatabase();
  const app: FastifyInstance = await buildApp({
    config,
    database,
    sessionSecret: 's'.repeat(40),
    logger: false,
  });
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/test/slow', async () => {
    entered();
    await gate;
    return { done: true };
  });
  await app.ready();
  const base = await baseUrlOf(app);
  return { app, database, base, started, release };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection (no agent reuse). */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('turns unready, drains the request in flight, closes sockets with 1001 and refuses new connections', async () => {
    const { app, database, base, started, release } = await slowApp();
    const ada = await socketUser(app);
    const inFlight = get(`${base}/test/slow`);
    await started;

    let done = false;
    const shutdown = gracefulShutdown(app, database, { delayMs: 1000, timeoutMs: 5000 }).then((drained) => {
      done = true;
      return drained;
    });
    // During the delay the listener still accepts: health says shutting_down, other routes still answer.
    const health = await get(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({
      status: 'shutting_down',
      message: 'The server is shutting down',
    });
    expect((await get(`${base}/api/meta`)).status).toBe(200);

    // Then sockets close with a code the client reconnects on (anything but 1000).
    const closed = await ada.socket.waitClose(3000);
    expect(closed.code).toBe(CLOSE_CODES.goingAway);
    expect(closed.code).not.toBe(1000);
    // Refused, or reset when it slips in just as the listener closes (idle connections are closed then).
    await expect(get(`${base}/api/health`)).rejects.toMatchObject({
      code: expect.stringMatching(/^(ECONNREFUSED|ECONNRESET)$/),
    });
    expect(done).toBe(false);

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    expect(answer.headers.connection).toBe('close');
    expect(await shutdown).toBe(true);
  });

  it('cuts a request that outlives the timeout and still closes the database', async () => {
    const { app, database, base, started } = await slowApp();
    const stuck = get(`${base}/test/slow`);
    stuck.catch(() => {});
    await started;
    const began = Date.now();
    expect(await gracefulShutdown(app, database, { timeoutMs: 300 })).toBe(false);
    expect(Date.now() - began).toBeLessThan(3000);
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('SHUTDOWN_DELAY_MS is validated', () => {
    expect(shutdownDelayFromEnv({})).toBe(0);
    expect(shutdownDelayFromEnv({ SHUTDOWN_DELAY_MS: '5000' })).toBe(5000);
    expect(() => shutdownDelayFromEnv({ SHUTDOWN_DELAY_MS: '5s' })).toThrow(/SHUTDOWN_DELAY_MS/);
    expect(() => shutdownDelayFromEnv({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });
});
