// The README's reverse-proxy recipe, run as written: Debian's Caddy with deploy/Caddyfile (TLS from its
// internal CA) in front of two app processes on one PostgreSQL, PUBLIC_URL https and TRUST_PROXY set to the
// address Caddy connects from (127.0.0.1). Clients connect from other loopback addresses (127.0.0.2, .3...),
// so Caddy sees each as a different peer, as it would see two people on the internet.
// Caddy comes from scripts/ensure-caddy.sh (npm test runs it): where it is missing the test is skipped, with
// the reason in npm test's closing lines, except in CI, where it fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { caddyMissing, freePort, httpsCall, type RunningCaddy, startCaddy } from '../test/caddy.ts';
import { createEmptyDatabase } from '../test/db.ts';
import { buildThreadline, buildUser, TEST_PASSWORD } from '../test/factories.ts';
import { type RunningServer, startServer, stopServer } from '../test/server-process.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';

const missing = caddyMissing();
const SECRET = 'shared-secret-that-is-long-enough-0123456789';
// Caddy reaches the instances from here; clients never use it.
const CADDY_ADDRESS = '127.0.0.1';
const [ALICE, BOB, MALLORY] = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

if (missing) {
  it('runs behind Caddy with deploy/Caddyfile', (context) => {
    if (process.env.CI) expect.fail(`CI runs the reverse-proxy test: ${missing}`);
    context.skip(missing);
  });
} else {
  describe('behind Caddy (deploy/Caddyfile), two instances on one PostgreSQL', () => {
    let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;
    let database: Database;
    let caddy: RunningCaddy;
    const instances: (RunningServer & { dir: string })[] = [];
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, 'tl_proxy');
      database = await openPostgres(scratch.url);
      // The public port first: every instance is told its https origin.
      const httpsPort = await freePort();
      const start = async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'tl-proxy-'));
        const server = await startServer({
          DATABASE_URL: scratch.url,
          DATA_DIR: dir,
          SESSION_SECRET: SECRET,
          PUBLIC_URL: `https://localhost:${httpsPort}`,
          TRUST_PROXY: CADDY_ADDRESS,
        });
        instances.push(Object.assign(server, { dir }));
      };
      await Promise.all([start(), start()]);
      caddy = await startCaddy({ upstreams: instances.map((i) => i.base), httpsPort });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
      await caddy?.stop();
      await Promise.all(
        instances.map(async (i) => {
          await stopServer(i);
          await rm(i.dir, { recursive: true, force: true });
        }),
      );
      await database?.close();
      await scratch?.drop();
    });

    const viaCaddy = (from: string, url: string, opts: Parameters<typeof httpsCall>[2] = {}) =>
      httpsCall(caddy.base, url, {
        ...opts,
        ca: caddy.ca,
        localAddress: from,
        headers: { origin: caddy.base, ...opts.headers },
      });
    const signIn = (from: string, email: string, password: string, headers: Record<string, string> = {}) =>
      viaCaddy(from, '/api/auth/login', { method: 'POST', body: { email, password }, headers });

    it('sign-in over https sets a __Host- session cookie (Secure, path /, no Domain) that works through the proxy', async () => {
      const ada = await buildUser(database.db, { email: 'ada@example.test' });
      const res = await signIn(ALICE, ada.email!, TEST_PASSWORD);
      expect(res.status).toBe(200);
      const [cookie] = res.headers['set-cookie'] ?? [];
      expect(cookie).toMatch(/^__Host-tl_session=[^;]+;/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).not.toMatch(/Domain=/i);
      const session = cookie!.split(';')[0]!;
      const me = await viaCaddy(ALICE, '/api/auth/user', { headers: { cookie: session } });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: ada.id, email: 'ada@example.test' });
    });

    it('/ws works through the proxy: subscribe over wss, then a post made through the proxy arrives', async () => {
      const owner = await buildUser(database.db, { email: 'olga@example.test', displayName: 'Olga' });
      const timeline = await buildThreadline(database.db, owner, { name: 'Proxied' });
      const signed = await signIn(BOB, owner.email!, TEST_PASSWORD);
      expect(signed.status).toBe(200);
      const cookie = signed.headers['set-cookie']![0]!.split(';')[0]!;

      const socket = await openSocket(caddy.base, cookie, {
        connect: { ca: caddy.ca, localAddress: BOB, family: 4 },
      });
      sockets.push(socket);
      await socket.authenticate(owner.id);
      await socket.subscribe(timeline.id);
      // Round robin sends two requests in a row to different instances: one of these posts is made on the
      // instance that does not hold the socket, so its event also crosses the bus between them.
      for (const content of ['Through Caddy', 'And again']) {
        const posted = await viaCaddy(BOB, '/api/posts', {
          method: 'POST',
          headers: { cookie },
          body: { timelineId: timeline.id, content },
        });
        expect(posted.status).toBe(201);
        const seen = await socket.next('new_post', { timeoutMs: 5000 });
        expect(seen.data).toMatchObject({ postId: (posted.body as { id: string }).id });
        expect(seen.data.post).toMatchObject({ content });
      }
    });

    it("rate limits count the client's address, not Caddy's; a forged X-Forwarded-For picks nothing", {
      timeout: 60_000,
    }, async () => {
      const email = 'target@example.test';
      await buildUser(database.db, { email });
      // Ten failures per account and address pair, across both instances (the counters are in PostgreSQL).
      for (let i = 0; i < 10; i++) expect((await signIn(ALICE, email, 'wrong password')).status).toBe(401);
      const refused = await signIn(ALICE, email, 'wrong password');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/Too many failed sign-in/) });

      // Another client through the same proxy is its own address: had the instances counted Caddy's, this
      // would be the pair's 12th failure.
      expect((await signIn(BOB, email, 'wrong password')).status).toBe(401);
      // Caddy replaces a client's X-Forwarded-For with the peer it saw: claiming ALICE's address changes nothing.
      expect((await signIn(BOB, email, 'wrong password', { 'x-forwarded-for': ALICE })).status).toBe(401);

      // Straight to an instance, from an address that is not Caddy's: its X-Forwarded-For is not believed
      // (as ALICE's address it would be refused), and the attempts count against the address it came from.
      const direct = (i: number) =>
        httpsCall(instances[i % 2]!.base, '/api/auth/login', {
          method: 'POST',
          localAddress: MALLORY,
          headers: { origin: caddy.base, 'x-forwarded-for': ALICE },
          body: { email, password: 'wrong password' },
        });
      for (let i = 0; i < 10; i++) expect((await direct(i)).status).toBe(401);
      expect((await direct(10)).status).toBe(429);
      // ALICE is still refused and BOB still heard: MALLORY's attempts were not theirs.
      expect((await signIn(ALICE, email, 'wrong password')).status).toBe(429);
      expect((await signIn(BOB, email, 'wrong password')).status).toBe(401);

      // Both instances served the sign-ins: Caddy balanced them.
      for (const instance of instances) expect(instance.output).toContain('POST /api/auth/login 401');
    });
  });
}
