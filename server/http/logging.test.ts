import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { openTestDatabase } from '../test/db.ts';
import { describeError, loggerOptions, RequestLogController, safeError } from './logging.ts';

const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$do-not-log-me';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A real failed insert whose parameters include a password hash. */
async function failedInsert(): Promise<unknown> {
  try {
    await database.db
      .insert(users)
      .values({ email: 'log@example.test', firstName: 'a\u0000b', passwordHash: SECRET_HASH });
  } catch (err) {
    return err;
  }
  throw new Error('the insert should have failed');
}

describe('logging', () => {
  it('logs a failed query with its SQL and PostgreSQL code, never its parameters', async () => {
    const err = await failedInsert();
    const logged = JSON.stringify(safeError(err));
    expect(logged).not.toContain('do-not-log-me');
    expect(logged).not.toContain('params');
    expect(logged).toContain('insert into \\"users\\"');
    expect(describeError(err)).not.toContain('do-not-log-me');
    expect(describeError(err)).toMatch(/^Failed query: insert into "users"/);
    // The database's own words and code, which say what actually went wrong.
    expect(describeError(err)).toMatch(/\ncaused by: .+\(code [0-9A-Z]{5}\)/);
  });

  it('writes one info line per request: method, path without the query, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const options = loggerOptions('info') as object;
    const app = Fastify({ logger: { ...options, stream }, logController: new RequestLogController() });
    app.get('/api/boom', async () => {
      throw await failedInsert();
    });
    app.get('/api/ok', async () => ({ ok: true }));
    await app.inject({ url: '/api/ok?code=secret-code&state=s' });
    await app.inject({ url: '/api/boom' });
    await app.close();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-code');
    expect(text).not.toContain('do-not-log-me');
    const requestLines = lines.filter((l) => typeof l.msg === 'string' && /^GET \//.test(l.msg as string));
    expect(requestLines.map((l) => (l.msg as string).replace(/ [\d.]+ms$/, ''))).toEqual([
      'GET /api/ok 200',
      'GET /api/boom 500',
    ]);
    expect(requestLines.map((l) => l.level)).toEqual([30, 30]);
    // The failure itself is logged once at error, safely.
    expect(lines.filter((l) => l.level === 50).map((l) => (l.err as { code: string }).code)).toEqual([
      '22021',
    ]);
  });
});

describe('request logs of the real app', () => {
  it('carry one random request id per request, echoed in x-request-id, and no password, cookie or session id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    // trace: the most a log can say, so nothing secret may show even there.
    const other = await buildTestApp({}, { logger: { ...(loggerOptions('trace') as object), stream } });
    const password = 'a long and private passphrase';
    try {
      const registered = await other.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'logs@example.test', password },
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      expect(registered.statusCode).toBe(201);
      const setCookie = String(registered.headers['set-cookie']);
      const cookie = setCookie.split(';')[0]!;
      const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
      expect(token.length).toBeGreaterThan(20);
      const me = await other.app.inject({
        url: '/api/auth/user?token=query-secret',
        headers: { cookie, authorization: 'Bearer bearer-secret' },
      });
      expect(me.statusCode).toBe(200);
      const failed = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'logs@example.test', password: `${password}!` },
      });
      expect(failed.statusCode).toBe(401);

      const ids = [registered, me, failed].map((res) => String(res.headers['x-request-id']));
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
      // Every line a request writes carries its id; the client's own header is not taken.
      for (const id of ids) {
        const own = lines.filter((l) => l.reqId === id);
        expect(own.some((l) => /^(GET|POST) \/api\//.test(String(l.msg)))).toBe(true);
      }
      const requestLines = lines.filter((l) => /^(GET|POST) \/api\/|incoming request/.test(String(l.msg)));
      expect(requestLines.length).toBeGreaterThanOrEqual(3);
      for (const l of requestLines) expect(ids).toContain(l.reqId);

      const text = JSON.stringify(lines);
      for (const secret of [
        password,
        token,
        other.app.sessions.keyOf(token),
        'query-secret',
        'bearer-secret',
        'chosen-by-the-client',
        'test-secret-that-is-long-enough',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await other.close();
    }
  });
});
