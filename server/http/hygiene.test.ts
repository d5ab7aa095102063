// Issue 7's input and header defects: control characters, no-store, cross-site sign-out, a forged Host
// with PUBLIC_URL, framework errors in the JSON shape, common passwords.
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelines, users } from '../db/schema/index.ts';
import { buildTestApp, setupTestApp, type TestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const NUL = 'a\u0000b';

describe('control characters in text fields', () => {
  it('answer 400 with the field named, never a 500, and change nothing stored', async () => {
    const owner = await signedInUser(t.app, { displayName: 'Before', bio: 'Kept' });
    const timeline = await buildThreadline(t.app.db, owner.user, {
      name: 'Garden',
      joinApprovalRequired: true,
    });
    const bob = await signedInUser(t.app);
    await addMember(t.app.db, timeline, bob.user);
    const cases: [string, () => ReturnType<typeof owner.as.post>, string][] = [
      ['threadline name', () => owner.as.post('/api/timelines', { name: NUL }), 'name'],
      ['description', () => owner.as.post('/api/timelines', { name: 'Ok', description: NUL }), 'description'],
      ['join code', () => bob.as.post('/api/timelines/join', { joinCode: 'AB\u0000CD' }), 'joinCode'],
      [
        'join message',
        () => bob.as.post('/api/timelines/join', { joinCode: 'ABCD', message: NUL }),
        'message',
      ],
      ['display name', () => owner.as.put('/api/profile', { displayName: NUL }), 'displayName'],
      ['bio', () => owner.as.put('/api/profile', { bio: `line\n${NUL}` }), 'bio'],
      [
        'display name with a line break',
        () => owner.as.put('/api/profile', { displayName: 'a\nb' }),
        'displayName',
      ],
      [
        'block reason',
        () => owner.as.delete(`/api/timelines/${timeline.id}/members/${bob.user.id}`, { reason: NUL }),
        'reason',
      ],
      [
        'first name',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { email: 'nul@example.test', password: 'a fine passphrase', firstName: NUL },
          }),
        'firstName',
      ],
    ];
    for (const [what, call, field] of cases) {
      const res = await call();
      expect(res.statusCode, what).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        what,
      ).toContain(field);
      expect(res.json().message, what).toMatch(/must not contain control characters|check the code/);
    }
    const [me] = await t.app.db.select().from(users).where(eq(users.id, owner.user.id));
    expect([me!.displayName, me!.bio]).toEqual(['Before', 'Kept']);
    expect(await t.app.db.select().from(timelines).where(eq(timelines.ownerId, owner.user.id))).toHaveLength(
      1,
    );
    expect(await t.app.db.select().from(users).where(eq(users.email, 'nul@example.test'))).toEqual([]);
    // Multi-line fields keep their tabs and line breaks.
    const bio = await owner.as.put('/api/profile', { bio: 'one\n\ttwo\r\nthree' });
    expect(bio.json().bio).toBe('one\n\ttwo\r\nthree');
  });

  it('a NUL in a password is just a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: NUL.repeat(4) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every /api answer, errors included', async () => {
    const ada = await signedInUser(t.app);
    for (const res of [
      await ada.as.get('/api/auth/user'),
      await ada.as.get('/api/user/timelines'),
      await ada.as.get('/api/nothing-here'),
      await t.app.inject({ url: '/api/auth/user' }),
      await ada.as.post('/api/timelines', { name: '' }),
      await t.app.inject({ url: '/api/timelines/%E0%A4%A' }),
    ]) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
  });
});

describe('GET /api/logout', () => {
  it('from another site keeps the session and only redirects home', async () => {
    const ada = await signedInUser(t.app);
    const headers = (h: Record<string, string>) => ({ ...h, cookie: ada.cookie });
    const forged = await t.app.inject({
      url: '/api/logout',
      headers: headers({ 'sec-fetch-site': 'cross-site' }),
    });
    expect([forged.statusCode, forged.headers.location]).toEqual([302, '/']);
    expect((await t.app.inject({ url: '/api/auth/user', headers: headers({}) })).statusCode).toBe(200);
    const own = await t.app.inject({
      url: '/api/logout',
      headers: headers({ 'sec-fetch-site': 'same-origin' }),
    });
    expect(own.statusCode).toBe(302);
    expect((await t.app.inject({ url: '/api/auth/user', headers: headers({}) })).statusCode).toBe(401);
  });
});

describe('with PUBLIC_URL set', () => {
  let pub: TestApp;
  beforeAll(async () => {
    pub = await buildTestApp({ PUBLIC_URL: 'https://tl.example.org' });
  });
  afterAll(() => pub?.close());

  it('allows only its origin, whatever the Host header says', async () => {
    const ada = await signedInUser(pub.app);
    const create = (host: string, origin: string) =>
      pub.app.inject({
        method: 'POST',
        url: '/api/timelines',
        payload: { name: 'Forged' },
        headers: { host, origin, cookie: ada.cookie },
      });
    const forged = await create('attacker.example', 'http://attacker.example');
    expect([forged.statusCode, forged.json()]).toEqual([403, { message: 'Cross-site request refused' }]);
    expect((await create('tl.example.org', 'https://tl.example.org')).statusCode).toBe(201);
  });
});

describe('errors the framework raises', () => {
  it('malformed URL encoding and over-long paths answer {message} JSON', async () => {
    const bad = await t.app.inject({ url: '/api/timelines/%E0%A4%A' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { message: 'The address is not valid (malformed URL encoding)' },
    ]);
    const long = await t.app.inject({ url: `/api/timelines/${'a'.repeat(500)}` });
    expect([long.statusCode, long.json()]).toEqual([414, { message: 'The address is too long' }]);
  });

  it('an oversized header block or garbage on the socket answers {message} JSON', async () => {
    const server = await buildTestApp();
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as { port: number };
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(request));
          let answer = '';
          socket.on('data', (chunk) => {
            answer += chunk;
          });
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const big = await raw(`GET /api/auth/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(big.split('\r\n\r\n')[1]).toBe('{"message":"The request headers are too large"}');
      const garbage = await raw('NONSENSE\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(garbage.split('\r\n\r\n')[1]).toBe('{"message":"Bad request"}');
    } finally {
      await server.close();
    }
  });
});

describe('common passwords', () => {
  it('are refused at registration with "This password is too common"', async () => {
    for (const password of ['password123', 'PASSWORD123', '        ', 'qwertyuiop', 'aaaaaaaaaa']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `common-${Math.random()}@example.test`, password },
      });
      expect([res.statusCode, res.json().message], password).toEqual([400, 'This password is too common']);
      expect(res.json().errors).toEqual([{ path: 'password', message: 'This password is too common' }]);
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'uncommon@example.test', password: 'violet tram 42 harbour' },
    });
    expect(fine.statusCode).toBe(201);
  });
});
