// Which failures mean "the database cannot be reached" (503, retry later) rather than a bug (500).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../http/errorHandler.ts';
import { isDatabaseUnavailable } from './errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into ...'), { cause });
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises refused, dropped and timed-out connections, also wrapped by drizzle', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('ECONNRESET')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('recognises PostgreSQL shutting down, starting up, or full', () => {
    for (const code of ['57P01', '57P03', '08006', '53300']) {
      expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(true);
    }
  });

  it('leaves constraint violations and ordinary bugs alone', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('23505')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 with a retry hint when the database cannot be reached, 500 for the rest', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/down', async () => {
      throw wrapped(withCode('ECONNREFUSED'));
    });
    app.get('/bug', async () => {
      throw new TypeError('oops');
    });
    const down = await app.inject('/down');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ message: 'Service temporarily unavailable' });
    const bug = await app.inject('/bug');
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ message: 'Internal server error' });
    await app.close();
  });
});
