// What `users disable` costs the session store (issue 29): the session insert that reads the user row FOR SHARE
// against the plain insert it replaced, and the sockets' session check (liveKeys) with and without its join on
// users, on a scratch PostgreSQL database of 1,000 accounts with one session each. Alternated, medians.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/session-guard.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SessionStore } from '../server/auth/sessions.ts';
import { openPostgres } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema/index.ts';

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `tl_bench_session_guard_${process.pid}`;
// A plain client for CREATE/DROP DATABASE: openPostgres would migrate the server's own database.
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const database = await openPostgres(url.href);
try {
  const { db } = database;
  const store = new SessionStore(db, 'bench-secret-that-is-long-enough-0123456789');
  const ids = (
    await db
      .insert(users)
      .values(Array.from({ length: 1000 }, (_, i) => ({ email: `u${i}@bench.test` })))
      .returning({ id: users.id })
  ).map((r) => r.id);
  const keys: string[] = [];
  for (const id of ids) keys.push(store.keyOf(await store.create(id)));
  await db.execute(sql`analyze`);

  const ms = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!.toFixed(2);

  const plain: number[] = [];
  const guarded: number[] = [];
  for (let i = 0; i < 400; i++) {
    const userId = ids[i % ids.length]!;
    plain.push(
      await ms(() =>
        db.insert(sessions).values({
          sid: `plain-${i}`,
          sess: { userId, createdAt: Date.now() },
          expire: new Date(Date.now() + 60_000),
        }),
      ),
    );
    guarded.push(await ms(() => store.create(userId)));
  }
  console.log(`session insert, 400 alternating: plain ${median(plain)} ms, FOR SHARE ${median(guarded)} ms`);

  // The check as it was (sessions alone) and as it is (SessionStore.liveKeys: joined to users).
  const list = keys.join(',');
  const before: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < 60; i++) {
    before.push(
      await ms(() =>
        db.execute(
          sql`select sid from sessions where sid = any(string_to_array(${list}, ',')) and expire > now()
              and (sess->>'createdAt')::bigint > 0`,
        ),
      ),
    );
    after.push(await ms(() => store.liveKeys(keys)));
  }
  console.log(
    `liveKeys of 1,000 sockets, 60 alternating: no join ${median(before)} ms, joined ${median(after)} ms`,
  );
} finally {
  await database.close();
  await admin.query(`drop database ${name}`);
  await admin.end();
}
