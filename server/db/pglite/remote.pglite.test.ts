// The embedded database in its own thread (PGLITE_WORKER=on; PGlite projects only) behaves as PGlite in the
// server's thread does: results, PostgreSQL's error fields, transactions (commit, rollback, savepoints, one
// at a time) and a stopped thread answering as an unavailable database. The whole API suite also runs this
// way with TEST_PGLITE_WORKER=on (bench/README.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../client.ts';
import { isDatabaseUnavailable, isUniqueViolation, pgError } from '../errors.ts';
import { users } from '../schema/index.ts';

/** The rows of a raw query (drizzle types them per driver). */
const rows = async (run: Promise<unknown>) => ((await run) as { rows: Record<string, unknown>[] }).rows;

describe('PGlite in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined, { worker: true });
    await database.db.execute(sql`create table counter (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into counter values (1, 0)`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('is migrated and answers with the types drizzle expects', async () => {
    expect(await database.db.select().from(users)).toEqual([]);
    const [row] = await rows(
      database.db.execute(sql`select 41 + 1 as n, '{"a":[1]}'::jsonb as j, now() as t, true as b`),
    );
    expect(row).toMatchObject({ n: 42, j: { a: [1] }, b: true });
    // Dates stay text for drizzle to map, as with PGlite in the same thread.
    expect(typeof row?.t).toBe('string');
  });

  it("keeps PostgreSQL's error fields, and a failed transaction leaves nothing", async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counter values (2, 0)`);
      await tx.execute(sql`insert into counter values (2, 0)`);
    });
    const err = await failed.catch((e: unknown) => e);
    expect(pgError(err)).toEqual({ code: '23505', constraint: 'counter_pkey' });
    expect(isUniqueViolation(err, 'counter_pkey')).toBe(true);
    expect(await rows(database.db.execute(sql`select count(*)::int as c from counter`))).toEqual([{ c: 1 }]);
  });

  it('rolls back a savepoint alone, and commits the rest', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counter values (3, 0)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into counter values (4, 0)`);
          inner.rollback();
        })
        .catch(() => {});
    });
    const ids = await rows(database.db.execute(sql`select id from counter order by id`));
    expect(ids).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('runs 40 parallel read-modify-write transactions one at a time, losing none', async () => {
    await Promise.all(
      Array.from({ length: 40 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await rows(tx.execute(sql`select n from counter where id = 1`));
          await tx.execute(sql`update counter set n = ${Number(row?.n) + 1} where id = 1`);
        }),
      ),
    );
    expect(await rows(database.db.execute(sql`select n from counter where id = 1`))).toEqual([{ n: 40 }]);
  });

  it('answers as an unavailable database (503) once its thread is gone', async () => {
    const other = await openPglite(undefined, { worker: true });
    await other.close();
    const err = await other.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  }, 120_000);
});
