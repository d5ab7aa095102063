// Which writes the session cache hears of, and when (pglite/writes.ts), on a real PGlite.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db.ts';
import type { Database } from '../client.ts';
import { sessions, users } from '../schema/index.ts';
import { type WriteEffect, writeEffect } from './writes.ts';

const sessionUser = sql`(${sessions.sess}->>'userId')::uuid`;
// drizzle's own SQL for the statements the app sends (no database needed to print them).
const d = drizzle.mock({ schema: { users, sessions } });
const effectOf = (q: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = q.toSQL();
  return writeEffect(text, params);
};

describe('writeEffect', () => {
  it('narrows one-row writes to their user or session', () => {
    expect(effectOf(d.update(users).set({ bio: 'x' }).where(eq(users.id, 'u1')))).toEqual({
      kind: 'user',
      id: 'u1',
    });
    expect(
      effectOf(
        d
          .update(users)
          .set({ bio: 'x' })
          .where(and(eq(users.id, 'u1'), isNull(users.disabledAt)))
          .returning(),
      ),
    ).toEqual({ kind: 'user', id: 'u1' });
    expect(effectOf(d.delete(sessions).where(eq(sessions.sid, 's1')))).toEqual({
      kind: 'session',
      sid: 's1',
    });
    expect(effectOf(d.update(sessions).set({ expire: new Date() }).where(eq(sessions.sid, 's1')))).toEqual({
      kind: 'session',
      sid: 's1',
    });
    expect(
      effectOf(
        d
          .delete(sessions)
          .where(and(eq(sessionUser, 'u1'), ne(sessions.sid, 'k')))
          .returning(),
      ),
    ).toEqual({ kind: 'user', id: 'u1' });
  });

  it('hears nothing from reads, other tables and new sessions', () => {
    expect(effectOf(d.select().from(users).where(eq(users.id, 'u1')))).toEqual({ kind: 'none' });
    expect(writeEffect('update timelines set feed_version = feed_version + 1 where id = $1', ['t'])).toEqual({
      kind: 'none',
    });
    expect(
      writeEffect('insert into "sessions" ("sid", "sess", "expire") select $1, $2, $3 from "users"'),
    ).toEqual({
      kind: 'none',
    });
    expect(writeEffect('select * from "users_archive" where id = $1')).toEqual({ kind: 'none' });
  });

  it('forgets everything for whatever it cannot narrow down', () => {
    const all = { kind: 'all' };
    for (const text of [
      'update users set bio = $1',
      'UPDATE "users" SET "bio" = $1 WHERE "email" = $2',
      'update "users" set "bio" = $1 where "users"."id" = $2 or true',
      'update "users" set "bio" = $1 where "users"."id" = $2 and "id" in (select "id" from "users")',
      'delete from "sessions" where "sessions"."expire" < $1',
      'with gone as (delete from users where id = $1 returning id) select * from gone',
      'truncate users, sessions',
      'insert into "sessions" ("sid") values ($1); delete from sessions',
      'alter table "users" add column "x" text',
    ]) {
      expect(writeEffect(text, ['a', 'b']), text).toEqual(all);
    }
    // The parameter is not a string: nothing to narrow by.
    expect(writeEffect('update "users" set "bio" = $1 where "users"."id" = $2', ['x'])).toEqual(all);
  });
});

describe('watchWrites on a real PGlite', () => {
  let database: Database;
  const heard: WriteEffect[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    database.onWrite!((effect) => heard.push(effect));
  });
  afterAll(() => database.close());

  it("hears a statement as it is sent and when it is done, and a transaction's writes again once it ends", async () => {
    const [user] = await database.db.insert(users).values({ email: 'watch@example.test' }).returning();
    heard.length = 0;
    await database.db.update(users).set({ bio: 'one' }).where(eq(users.id, user!.id));
    expect(heard).toEqual([
      { kind: 'user', id: user!.id },
      { kind: 'user', id: user!.id },
    ]);
    heard.length = 0;
    let inside = 0;
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ bio: 'two' }).where(eq(users.id, user!.id));
      inside = heard.length;
    });
    expect(inside).toBe(2);
    expect(heard).toHaveLength(3);
    heard.length = 0;
    // A rolled back transaction still reports (what it wrote is gone, but a read may have run meanwhile).
    await database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ bio: 'three' }).where(eq(users.id, user!.id));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(heard).toHaveLength(3);
    heard.length = 0;
    await database.db.select().from(users);
    expect(heard).toEqual([]);
  });
});
