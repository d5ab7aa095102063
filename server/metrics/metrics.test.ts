// GET /metrics (issue 29): off by default, the token, the loopback port, and that what operators alert on
// moves: requests by route template, sockets, rate-limit refusals, the mail outbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME } from '../../common/realtime-constants.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { buildTestApp, setupTestApp, type TestApp } from '../test/app.ts';
import { buildThreadline, signedInUser } from '../test/factories.ts';
import { samplePdf, setupStorageApp, uploadAs } from '../test/uploads.ts';
import { openSocket } from '../test/ws.ts';

const TOKEN = 'metrics-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one series (`name{labels}` as Prometheus prints it), or undefined when absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('off by default', () => {
  const t = setupTestApp();
  it('answers 404 and counts nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(t.app.metricsServer.port).toBeUndefined();
  });
});

describe('with METRICS_TOKEN', () => {
  const t = setupTestApp({ METRICS_TOKEN: TOKEN, WRITE_LIMIT_FACTOR: '0.1' });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a missing or wrong token (401)', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('serves the process metrics', async () => {
    const text = await scrape();
    expect(text).toContain('threadline_process_resident_memory_bytes');
    expect(text).toContain('threadline_nodejs_eventloop_lag_p99_seconds');
  });

  it('counts a request under its route template, never its raw URL', async () => {
    const ada = await signedInUser(t.app);
    const id = randomUUID();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/timelines/${id}`,
      headers: { cookie: ada.cookie },
    });
    expect(res.statusCode).toBe(404);
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/timelines/:id', status: '404' };
    expect(series(text, 'threadline_http_request_duration_seconds_count', labels)).toBe(1);
    expect(series(text, 'threadline_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      1,
    );
    expect(text).not.toContain(id);
  });

  it('follows the open sockets', async () => {
    const ada = await signedInUser(t.app);
    expect(series(await scrape(), 'threadline_realtime_sockets')).toBe(0);
    const socket = await openSocket(t.app, ada.cookie);
    expect(series(await scrape(), 'threadline_realtime_sockets')).toBe(1);
    await socket.close();
    await expect.poll(async () => series(await scrape(), 'threadline_realtime_sockets')).toBe(0);
  });

  it('counts rate-limit refusals by rule', async () => {
    const ada = await signedInUser(t.app);
    const statuses: number[] = [];
    // WRITE_LIMIT_FACTOR 0.1: two join attempts a minute.
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/timelines/join',
        headers: { cookie: ada.cookie },
        payload: { joinCode: 'NOSUCHCODE' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[2]).toBe(429);
    const text = await scrape();
    expect(series(text, 'threadline_rate_limit_refusals_total', { rule: 'write-joinRequest' })).toBe(1);
  });

  it('counts a socket closed for flooding under its own rule', async () => {
    const ada = await signedInUser(t.app);
    const socket = await openSocket(t.app, ada.cookie);
    // Past REALTIME.maxMessagesPerSecond within one second, however the sends straddle a second's edge.
    for (let i = 0; i < 3 * REALTIME.maxMessagesPerSecond; i++)
      socket.send({ type: 'unsubscribe_timeline', timelineId: randomUUID() });
    expect((await socket.closed).code).toBe(CLOSE_CODES.policy);
    expect(series(await scrape(), 'threadline_rate_limit_refusals_total', { rule: 'socket-messages' })).toBe(
      1,
    );
  });

  it('reads the mail outbox depth at scrape time', async () => {
    const before = series(await scrape(), 'threadline_mail_outbox_pending') ?? -1;
    const mail = { kind: 'test', subject: 's', textBody: 't', htmlBody: 'h' };
    await t.app.db.insert(mailOutbox).values([
      { ...mail, toAddress: 'a@example.com' },
      { ...mail, toAddress: 'b@example.com', sentAt: new Date() },
      { ...mail, toAddress: 'c@example.com', failedAt: new Date() },
    ]);
    expect(series(await scrape(), 'threadline_mail_outbox_pending')).toBe(before + 1);
  });

  it('reports the PostgreSQL pool (only there)', async () => {
    const text = await scrape();
    const inUse = series(text, 'threadline_db_pool_connections', { state: 'in_use' });
    if (t.database.kind === 'postgres') {
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(series(text, 'threadline_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(inUse).toBeUndefined();
    }
  });

  // The first read goes to the database, the second comes from memory.
  it.each([
    ['session', () => '/api/auth/user'],
    ['access', (tl: { id: string }) => `/api/timelines/${tl.id}`],
  ] as const)('reports the %s cache (only on the embedded database)', async (name, urlOf) => {
    const ada = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, ada.user);
    const before = series(await scrape(), `threadline_${name}_cache_hits_total`);
    for (let i = 0; i < 2; i++) await t.app.inject({ url: urlOf(tl), headers: { cookie: ada.cookie } });
    const text = await scrape();
    if (t.database.kind === 'pglite') {
      expect(series(text, `threadline_${name}_cache_hits_total`)).toBe(before! + 1);
      expect(series(text, `threadline_${name}_cache_entries`)).toBeGreaterThan(0);
    } else {
      expect(series(text, `threadline_${name}_cache_entries`)).toBeUndefined();
    }
  });
});

describe('upload bytes', () => {
  const t = setupStorageApp('local', { METRICS_TOKEN: TOKEN });
  it('counts the bytes of each upload stored, once', async () => {
    const ada = await signedInUser(t.app);
    const bytes = await samplePdf();
    await uploadAs(t.app, ada, bytes, { fileName: 'notes.pdf' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(series(res.body, 'threadline_upload_bytes_total')).toBe(bytes.length);
  });
});

describe('with METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: '0' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves /metrics on its own loopback listener without a token, and not on the app port', async () => {
    const port = t.app.metricsServer.port;
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('threadline_realtime_sockets 0');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const onApp = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(onApp.statusCode).toBe(404);
  });

  it('stops with the app', async () => {
    const port = t.app.metricsServer.port;
    await t.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    t = undefined as unknown as TestApp;
  });
});
