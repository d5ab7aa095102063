// Test doubles for the upload client: an XMLHttpRequest whose answers the test decides, and a fetch that
// routes by method and path.
import { vi } from 'vitest';

export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob;
}

export type XhrAnswer = { status: number; body?: string; etag?: string | null } | 'network-error' | 'hang';

/** Installs a fake XMLHttpRequest; `answer` decides each PUT's outcome (default 200). */
export function stubXhr(answer: XhrAnswer | ((call: XhrCall, index: number) => XhrAnswer) = { status: 200 }) {
  const calls = Object.assign([] as XhrCall[], { active: 0, maxActive: 0 });
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private etag: string | null = null;
    private settled = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? this.etag : null;
    }
    abort() {
      if (this.settled) return;
      this.settled = true;
      calls.active--;
      queueMicrotask(() => this.onabort?.());
    }
    send(body: Blob) {
      const call = { method: this.method, url: this.url, headers: { ...this.headers }, body };
      const index = calls.length;
      calls.push(call);
      calls.active++;
      calls.maxActive = Math.max(calls.maxActive, calls.active);
      const result = typeof answer === 'function' ? answer(call, index) : answer;
      setTimeout(() => {
        if (this.settled || result === 'hang') return;
        this.settled = true;
        calls.active--;
        if (result === 'network-error') {
          this.onerror?.();
          return;
        }
        this.upload.onprogress?.({ loaded: Math.floor(body.size / 2) });
        this.status = result.status;
        this.responseText = result.body ?? '';
        this.etag = result.etag === undefined ? `"etag-${index}"` : result.etag;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

export interface FetchCall {
  method: string;
  url: string;
  body?: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Installs a fetch stub; `handler` answers by method and URL. */
export function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** An object path answer as PUT /api/media gives it. */
export const objectPath = (id: string, size = 10, contentType = 'image/png') => ({
  objectPath: `/objects/uploads/${id}`,
  size,
  contentType,
  width: null,
  height: null,
});

/** A file of `size` bytes. */
export const fileOf = (name: string, size: number, type = '') =>
  new File([new Uint8Array(size)], name, { type });
