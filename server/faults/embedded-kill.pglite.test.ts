// The embedded server (PGlite in DATA_DIR) killed with SIGKILL while it writes: after a restart on the same
// directory every acknowledged post is there, and a second server on a directory in use refuses to start.
// It starts real server processes, so it runs once (in the PGlite project), not again on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { posts } from '../db/schema/index.ts';
import { type RunningServer, spawnServer, startServer, stopServer } from '../test/server-process.ts';

const dirs: string[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s)));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function call(base: string, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown>, res };
}

describe('the embedded server killed during writes', () => {
  it('keeps every acknowledged post after SIGKILL, and a second start on the same directory refuses', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tl-kill-'));
    dirs.push(dir);
    // Four writers post as fast as they can, far past a person's write limit: raised here.
    const first = await startServer({ DATA_DIR: dir, WRITE_LIMIT_FACTOR: '1000' });
    servers.push(first);

    const registered = await fetch(`${first.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kill@example.test', password: 'a long unusual passphrase 42' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await call(first.base, 'POST', '/api/timelines', cookie, { name: 'Crash course' });
    expect(created.status).toBe(201);
    const timelineId = created.body.id as string;

    // Four writers post as fast as the server answers; SIGKILL lands while requests are in flight.
    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;
    const writers = Array.from({ length: 4 }, async () => {
      while (!killed) {
        attempted++;
        const answer = await call(first.base, 'POST', '/api/posts', cookie, {
          timelineId,
          content: `before the crash ${attempted}`,
        }).catch(() => undefined); // the connection dies with the process: not acknowledged
        if (answer?.status === 201) acknowledged.push(answer.body.id as string);
        else if (answer && !killed)
          throw new Error(`post answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    });
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGKILL');
    killed = true;
    expect(await first.exited).toBe('SIGKILL');
    await Promise.all(writers);
    expect(attempted).toBeGreaterThan(acknowledged.length); // some were in flight

    // The lock left by the killed process is stale (its pid is gone): the restart takes it over.
    const second = await startServer({ DATA_DIR: dir });
    servers.push(second);
    const me = await call(second.base, 'GET', '/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(
      (await call(second.base, 'GET', `/api/timelines/${timelineId}/posts?limit=5`, cookie)).status,
    ).toBe(200);

    // While it runs, another server on the same directory refuses, with a clear message and exit code 1.
    const intruder = spawnServer({ DATA_DIR: dir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output).toMatch(
      new RegExp(
        `Threadline could not start: The data directory .* is in use by another Threadline process \\(pid ${second.child.pid}\\)`,
      ),
    );
    // ...and did not disturb it.
    expect((await call(second.base, 'GET', '/api/auth/user', cookie)).status).toBe(200);

    // Every acknowledged post is in the database (read directly once the server has stopped).
    await stopServer(second);
    const database = await openPglite(path.join(dir, 'db'));
    try {
      const stored = await database.db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.id, acknowledged));
      expect(stored).toHaveLength(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 90_000);
});
