// The storage quota helpers (DECISIONS §4): charged atomically up to the plan's limit, released never below
// zero, no limit with BILLING_PROVIDER=off; a smoke of two charges at once (the full race is on PostgreSQL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storageBytesFor } from '../../common/plans.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser } from '../test/factories.ts';
import { smokeProbe } from '../test/races.ts';
import { chargesAtOnce } from './storage-quota.cases.ts';
import { chargeStorage, releaseStorage, storageLimitFor } from './storage-quota.ts';

describe('storage quota', () => {
  const t = setupTestApp();
  const used = async (id: string) =>
    (await t.app.db.select({ n: users.storageUsedBytes }).from(users).where(eq(users.id, id)))[0]!.n;

  it('charges up to the plan limit exactly, then refuses with 413', async () => {
    const user = await buildUser(t.app.db);
    const limit = storageBytesFor('free');
    await chargeStorage(t.app.db, user.id, limit - 10, t.app.config);
    await chargeStorage(t.app.db, user.id, 10, t.app.config);
    expect(await used(user.id)).toBe(limit);
    const refused = await chargeStorage(t.app.db, user.id, 1, t.app.config).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 413,
      message: 'Storage limit reached',
      extra: { planUpgradeRequired: true, limit },
    });
    expect(await used(user.id)).toBe(limit);
  });

  it('the plan in the row decides: pro has 25 GB, community 100 GB', async () => {
    const pro = await buildUser(t.app.db, { plan: 'pro' });
    await chargeStorage(t.app.db, pro.id, 20 * 1024 ** 3, t.app.config);
    expect(await used(pro.id)).toBe(20 * 1024 ** 3);
    await expect(chargeStorage(t.app.db, pro.id, 6 * 1024 ** 3, t.app.config)).rejects.toMatchObject({
      extra: { limit: 25 * 1024 ** 3 },
    });
    const community = await buildUser(t.app.db, { plan: 'community' });
    await chargeStorage(t.app.db, community.id, 99 * 1024 ** 3, t.app.config);
    expect(storageLimitFor(t.app.config, 'community')).toBe(100 * 1024 ** 3);
  });

  it('releases, never below zero', async () => {
    const user = await buildUser(t.app.db);
    await chargeStorage(t.app.db, user.id, 500, t.app.config);
    await releaseStorage(t.app.db, user.id, 200);
    expect(await used(user.id)).toBe(300);
    await releaseStorage(t.app.db, user.id, 1000);
    expect(await used(user.id)).toBe(0);
  });

  // The full race (many charges at once, which must show that they interleaved) is in storage-quota.pg.test.ts.
  it('two charges at once with room for one: one charged, the other refused (smoke)', () =>
    chargesAtOnce(t, smokeProbe, { calls: 2, room: 1 }));

  it('BILLING_PROVIDER=off: no limit', async () => {
    const off = loadConfig({ NODE_ENV: 'test', BILLING_PROVIDER: 'off' });
    expect(storageLimitFor(off, 'free')).toBeNull();
    const user = await buildUser(t.app.db);
    await chargeStorage(t.app.db, user.id, storageBytesFor('free') + 1, off);
    expect(await used(user.id)).toBe(storageBytesFor('free') + 1);
  });
});
