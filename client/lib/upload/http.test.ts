import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMIT_MESSAGES } from '../../../common/plans.ts';
import {
  isRetryable,
  isRetryableStatus,
  jsonCall,
  NetworkError,
  sleep,
  withRetries,
  xhrPut,
} from './http.ts';
import { fileOf, json, stubFetch, stubXhr } from './test-fakes.ts';

afterEach(() => vi.unstubAllGlobals());

describe('retryable statuses (spec 001 §8)', () => {
  it('retries 408, 409, 429, 418, 423 and 5xx except 501 and 505', () => {
    for (const s of [408, 409, 429, 418, 423, 500, 502, 503, 504, 599])
      expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 413, 501, 505, 200]) expect(isRetryableStatus(s)).toBe(false);
  });

  it('retries network errors, never a cancellation', () => {
    expect(isRetryable(new NetworkError('x'))).toBe(true);
    expect(isRetryable(new Error('503: busy'))).toBe(true);
    expect(isRetryable(new Error('413: {"message":"too big"}'))).toBe(false);
    expect(isRetryable(new DOMException('x', 'AbortError'))).toBe(false);
  });
});

describe('withRetries', () => {
  it('waits 0, 1, 3 and 5 s between tries, then gives up with the last error', async () => {
    const waits: number[] = [];
    const attempt = vi.fn(async () => {
      throw new NetworkError('down');
    });
    await expect(withRetries(attempt, { wait: async (ms) => void waits.push(ms) })).rejects.toThrow('down');
    expect(attempt).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([0, 1000, 3000, 5000]);
  });

  it('stops at the first success and does not retry a client error', async () => {
    let n = 0;
    const ok = await withRetries(
      async () => {
        n++;
        if (n < 3) throw new Error('503: busy');
        return 'done';
      },
      { wait: async () => {} },
    );
    expect(ok).toBe('done');
    const refused = vi.fn(async () => {
      throw new Error('400: {"message":"no"}');
    });
    await expect(withRetries(refused, { wait: async () => {} })).rejects.toThrow('400');
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController();
    const run = withRetries(
      async () => {
        throw new NetworkError('down');
      },
      { signal: controller.signal, delays: [60_000] },
    );
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await expect(sleep(10, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('jsonCall', () => {
  it('sends JSON with credentials and keeps the "status: body" error shape', async () => {
    const calls = stubFetch(({ url }) =>
      url === '/ok' ? json({ a: 1 }) : json({ message: PLAN_LIMIT_MESSAGES.storage }, 413),
    );
    expect(await jsonCall('POST', '/ok', { b: 2 })).toEqual({ a: 1 });
    expect(calls[0]).toEqual({ method: 'POST', url: '/ok', body: { b: 2 } });
    await expect(jsonCall('GET', '/full')).rejects.toThrow(
      `413: {"message":"${PLAN_LIMIT_MESSAGES.storage}"}`,
    );
  });

  it('turns a failed connection into NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(jsonCall('GET', '/x')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('xhrPut', () => {
  it('PUTs the bytes with the headers, reports progress and answers the ETag', async () => {
    const calls = stubXhr({ status: 200, etag: '"abc"' });
    const progress: number[] = [];
    const file = fileOf('a.png', 100, 'image/png');
    const result = await xhrPut('/api/objects/put/1', file, {
      headers: { 'Content-Type': 'image/png' },
      onProgress: (n) => progress.push(n),
    });
    expect(result).toEqual({ status: 200, etag: '"abc"' });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/objects/put/1',
      headers: { 'Content-Type': 'image/png' },
    });
    expect(progress).toEqual([50, 100]);
  });

  it('rejects with the status and body, with NetworkError, or with AbortError', async () => {
    stubXhr({ status: 403, body: 'Signature expired' });
    await expect(xhrPut('/u', fileOf('a', 1))).rejects.toThrow('403: Signature expired');
    stubXhr('network-error');
    await expect(xhrPut('/u', fileOf('a', 1))).rejects.toBeInstanceOf(NetworkError);
    stubXhr('hang');
    const controller = new AbortController();
    const put = xhrPut('/u', fileOf('a', 1), { signal: controller.signal });
    controller.abort();
    await expect(put).rejects.toMatchObject({ name: 'AbortError' });
  });
});
