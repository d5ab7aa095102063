import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { timelineJoinRequests } from './db/schema/index.ts';
import { SESSION_HINT } from './http/page-preloads.ts';
import { setupTestApp } from './test/app.ts';
import { openTestDatabase } from './test/db.ts';
import { addMember, buildThreadline, buildUser, cookieFor } from './test/factories.ts';

const INDEX = '<!doctype html><head><title>Threadline</title></head>';
// The build's chunk graph, cut down: the entry and the threadline page's chunk, which imports a shared one.
const MANIFEST = {
  'index.html': { file: 'assets/main-abc123.js', name: 'index', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-1.js', name: 'vendor' },
  '_timeline-page.js': {
    file: 'assets/timeline-page-2.js',
    name: 'timeline-page',
    imports: ['_app.js', '_vendor.js'],
  },
  '_app.js': { file: 'assets/app-3.js', name: 'app' },
};
const SCRIPT = 'console.log(1)';

describe('serving the client', () => {
  let dir: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tl-client-'));
    await mkdir(path.join(dir, 'assets'));
    // Like the build: each text file with .br and .gz beside it (favicon.svg without, as when too small).
    for (const [file, text] of [
      ['index.html', INDEX],
      ['assets/main-abc123.js', SCRIPT],
    ] as const) {
      await writeFile(path.join(dir, file), text);
      await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(dir, `${file}.gz`), gzipSync(text));
    }
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database,
      sessionSecret: 'x'.repeat(40),
      logger: false,
      clientDir: dir,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and index.html never', async () => {
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the app for every client path, including unknown ones', async () => {
    for (const url of ['/profile', '/timeline/3f0e', '/no/such/page', '/login?next=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Threadline</title>');
    }
  });

  it('serves the precompressed file the browser accepts, the fallback included', async () => {
    const get = (url: string, encoding?: string) =>
      app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const url of ['/', '/timeline/3f0e']) {
      const page = await get(url, 'gzip, br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }

    // No .br beside it: the file itself.
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
  });

  it("names a signed-in page's own chunks in its HTML, and nothing for a visitor", async () => {
    const links =
      '<link rel="modulepreload" crossorigin href="/assets/timeline-page-2.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/app-3.js">';
    const page = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

    const signedIn = await page('/timeline/3f0e?x=1', 'tl_session=anything');
    // The session hint: the entry starts the page's first reads without waiting for the sign-in check.
    expect(signedIn.body).toBe(INDEX.replace('</head>', `${links}${SESSION_HINT}</head>`));
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    // Built here, not by @fastify/static: the security headers are still on it.
    expect(signedIn.headers['content-security-policy']).toContain("script-src 'self'");
    expect(signedIn.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    // A page with no chunk in the build (home here): the hint alone.
    expect((await page('/', 'tl_session=anything')).body).toBe(
      INDEX.replace('</head>', `${SESSION_HINT}</head>`),
    );
    // An unknown path, and a visitor: the plain HTML.
    for (const [url, cookie] of [
      ['/constructor', 'tl_session=anything'],
      ['/timeline/3f0e', undefined],
      ['/timeline/3f0e', 'other=1'],
    ] as const) {
      expect((await page(url, cookie)).body, `${url} ${cookie}`).toBe(INDEX);
    }
    const br = await app.inject({
      url: '/timeline/3f0e',
      headers: { cookie: 'tl_session=anything', 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(links);
  });

  it('answers a missing file or API path with a JSON 404', async () => {
    for (const url of ['/assets/missing.js', '/api/nothing', '/api']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('no route answers 500 to junk', () => {
  const t = setupTestApp();
  const junk: unknown[] = [null, 0, 'x', [], [1, 2], { a: { b: [] } }, { email: {}, password: [] }, '\u0000'];

  it('sweeps every API route, signed out and signed in', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(5);
    // Junk ids, then real ones the caller owns: a body must be refused cleanly either way.
    const timeline = await buildThreadline(t.database.db, user, { joinApprovalRequired: true });
    const member = await buildUser(t.database.db);
    await addMember(t.database.db, timeline, member);
    const [request] = await t.database.db
      .insert(timelineJoinRequests)
      .values({ timelineId: timeline.id, userId: (await buildUser(t.database.db)).id })
      .returning();
    const realIds: Record<string, string> = { id: timeline.id, userId: member.id, requestId: request!.id };
    // Deletes last, so the threadline is still there for every other route.
    const ordered = [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const urls = ordered.flatMap((route) => [
      { route, url: route.url.replace(/:(\w+)/g, 'not-a-uuid') },
      { route, url: route.url.replace(/:(\w+)/g, (_, name: string) => realIds[name] ?? 'not-a-uuid') },
    ]);
    for (const { route, url } of urls) {
      for (const headers of [{}, { cookie }]) {
        for (const body of route.method === 'GET' ? [undefined] : junk) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
            payload: body === undefined ? undefined : JSON.stringify(body),
          });
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
        }
      }
    }
  });
});
