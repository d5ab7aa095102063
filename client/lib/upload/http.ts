// The upload client's transport: JSON calls to the app with credentials, and PUTs of bytes through
// XMLHttpRequest (fetch has no upload progress). Failures keep the app's "status: body" error shape, so
// `serverMessage` reads them like any other call's.
import { UPLOAD } from '../../../common/media.ts';
import { throwIfResNotOk } from '../queryClient.ts';

/** The connection failed (offline, reset, DNS): no HTTP status came back. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

export const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The HTTP status inside a "status: body" error, if any. */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** Spec 001 §8: 408, 409, 429, 418, 423 and 5xx except 501 and 505. */
export function isRetryableStatus(status: number): boolean {
  if ((UPLOAD.retryStatuses as readonly number[]).includes(status)) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

/** Network errors and the retryable statuses; never a cancellation. */
export function isRetryable(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof NetworkError) return true;
  const status = statusOf(error);
  return status !== undefined && isRetryableStatus(status);
}

/** A JSON call to the app with credentials; fetch's own failures become NetworkError. */
export async function jsonCall<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const hasBody = body !== undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw abortError();
    throw new NetworkError(error instanceof Error ? error.message : 'Network error');
  }
  await throwIfResNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface PutOptions {
  headers?: Record<string, string>;
  /** Bytes sent so far of this body. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

export interface PutResult {
  status: number;
  /** The ETag answer header, null when the server (or CORS) does not show it. */
  etag: string | null;
}

/** PUT `body` to `url` with upload progress. Non-2xx answers reject with Error(`${status}: ${body}`). */
export function xhrPut(url: string, body: Blob, { headers = {}, onProgress, signal }: PutOptions = {}) {
  return new Promise<PutResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size);
        resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError('The connection failed during the upload'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** Waits `ms`, or rejects with AbortError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  /** Waits before each retry (spec 001 §9: 0, 1000, 3000, 5000 ms), so at most delays.length + 1 tries. */
  delays?: readonly number[];
  signal?: AbortSignal;
  /** For tests. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each retry with the error that caused it. */
  onRetry?: (error: unknown, attempt: number) => void;
}

/** Runs `attempt` again after network errors and retryable statuses, waiting the given delays. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { delays = UPLOAD.retryDelaysMs, signal, wait = sleep, onRetry }: RetryOptions = {},
): Promise<T> {
  for (let tries = 0; ; tries++) {
    if (signal?.aborted) throw abortError();
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw abortError();
      const delay = delays[tries];
      if (delay === undefined || !isRetryable(error)) throw error;
      onRetry?.(error, tries + 1);
      await wait(delay, signal);
    }
  }
}
