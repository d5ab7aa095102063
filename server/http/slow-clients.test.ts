// Slow clients (issue 23, DECISIONS §3): a request whose body or headers stop arriving is cut off, over a raw
// socket against a listening app with short limits, while an upload that keeps sending, however slowly,
// completes. Serial (vitest.config.ts SERIAL): the limits are wall-clock times.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import { openTestStorage, requestUploadUrl, samplePng, type TestStorage } from '../test/uploads.ts';

const LIMITS = { HTTP_BODY_TIMEOUT_MS: '600', HTTP_HEADERS_TIMEOUT_MS: '600', HTTP_IDLE_TIMEOUT_MS: '1500' };
/** A generous ceiling: each close is awaited, never slept for. */
const CEILING_MS = 15_000;

let t: TestApp;
let storage: TestStorage;
let port: number;

beforeAll(async () => {
  storage = await openTestStorage('local');
  t = await buildTestApp({ ...storage.env, ...LIMITS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  await storage.close();
});

/** A raw connection: what it received, and when the server closed it (rejects past the ceiling). */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${CEILING_MS} ms`)), CEILING_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now());
    });
  });
  return { socket, closed, received: () => received };
}

describe('slow clients are cut off', () => {
  it('a JSON body that stops arriving: the connection is closed once the body timeout passes', async () => {
    const c = connect();
    const started = Date.now();
    c.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email":"',
    );
    const closedAt = await c.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(500);
    // Nothing was stored or answered for half a body.
    expect(c.received()).toBe('');
  });

  it('headers that never finish, even sent a byte at a time: closed once the headers timeout passes', async () => {
    const c = connect();
    c.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Never idle (a header line every 200 ms), so only the headers timeout can end it.
    const drip = setInterval(() => c.socket.write(`X-Drip-${Date.now()}: 1\r\n`), 200);
    try {
      await c.closed;
    } finally {
      clearInterval(drip);
    }
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing at all is closed too (its headers never come)', async () => {
    const c = connect();
    await new Promise((resolve) => c.socket.once('connect', resolve));
    await c.closed;
  });
});

/** A PUT of `png` to `uploadURL` as `cookie`, its chunks written by `send`; resolves with the status. */
function slowPut(
  uploadURL: string,
  cookie: string,
  png: Buffer,
  send: (request: http.ClientRequest) => void,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: uploadURL,
        headers: { cookie, 'content-type': 'image/png', 'content-length': png.length },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    send(request);
  });
}

describe('a slow upload that keeps sending completes', () => {
  it('eight chunks 250 ms apart (twice the body timeout in all) to the local byte endpoint: 200', async () => {
    const ada = await signedInUser(t.app);
    const png = await samplePng(400, 300);
    const { uploadURL } = await requestUploadUrl(t.app, ada, { category: 'image', size: png.length });
    const size = Math.ceil(png.length / 8);
    const status = await slowPut(uploadURL, ada.cookie, png, (request) => {
      let offset = 0;
      const next = () => {
        request.write(png.subarray(offset, offset + size));
        offset += size;
        if (offset >= png.length) request.end();
        else setTimeout(next, 250);
      };
      next();
    });
    expect(status).toBe(200);
  });

  it('but one that stops sending is closed once the idle timeout passes', async () => {
    const ada = await signedInUser(t.app);
    const png = await samplePng(400, 300);
    const { uploadURL } = await requestUploadUrl(t.app, ada, { category: 'image', size: png.length });
    let lastChunk = 0;
    const cut = await slowPut(uploadURL, ada.cookie, png, (request) => {
      request.write(png.subarray(0, 100));
      lastChunk = Date.now();
    }).catch((err: NodeJS.ErrnoException) => err.code);
    expect(cut).toBe('ECONNRESET');
    expect(Date.now() - lastChunk).toBeGreaterThanOrEqual(1400);
  });
});
