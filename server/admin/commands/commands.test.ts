// The admin commands against the real database (PGlite, and PostgreSQL in the api-postgres projects), checked
// through the API where the fix is meant to show: a reset link that works, a session that no longer does.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, timelineMembers, timelines, uploads, users } from '../../db/schema/index.ts';
import { setupTestApp } from '../../test/app.ts';
import { addMember, buildThreadline, buildUser, signedInUser, TEST_PASSWORD } from '../../test/factories.ts';
import { AdminError } from '../errors.ts';
import { migrationStatus } from './db.ts';
import { revokeSessions } from './sessions.ts';
import { recountStorage } from './storage.ts';
import { listTimelines, showTimeline, transferTimeline } from './timelines.ts';
import { listUsers, resetPasswordLink, setPassword, setPlan, showUser } from './users.ts';

describe('admin commands', () => {
  const t = setupTestApp();

  it('lists accounts a page at a time and shows one', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await buildUser(t.app.db));
    const first = await listUsers(t.app.db, { limit: 2 });
    const next = await listUsers(t.app.db, { limit: 2, offset: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const seen = [...first.rows, ...next.rows].map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    const shown = await showUser(t.app.db, made[0]!.email!.toUpperCase());
    expect(shown).toMatchObject({ id: made[0]!.id, plan: 'free', signIn: 'password', liveSessions: 0 });
    await expect(showUser(t.app.db, 'nobody@example.test')).rejects.toThrow(AdminError);
  });

  it('prints a reset link that works once, and ends sessions when it sets a password', async () => {
    const { user, as } = await signedInUser(t.app);
    const link = await resetPasswordLink(t.app.db, user.email!, 'https://tl.example');
    expect(link).toMatch(/^https:\/\/tl\.example\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token');
    const body = { token, password: 'a brand new passphrase' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body })).statusCode,
    ).toBe(400);
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);

    const other = await signedInUser(t.app);
    await expect(setPassword(t.app.db, other.user.email!, 'short')).rejects.toThrow(/at least/);
    expect(await setPassword(t.app.db, other.user.email!, 'another long passphrase')).toHaveLength(1);
    expect((await other.as.get('/api/auth/user')).statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: other.user.email, password },
      });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('another long passphrase')).statusCode).toBe(200);
  });

  it('sets a plan outside billing, but not over a paid subscription', async () => {
    const user = await buildUser(t.app.db);
    expect(await setPlan(t.app.db, user.email!, 'pro')).toEqual({ from: 'free', to: 'pro' });
    await expect(setPlan(t.app.db, user.email!, 'gold')).rejects.toThrow(/Unknown plan/);
    const paid = await buildUser(t.app.db, { plan: 'community' });
    await t.app.db.insert(subscriptions).values({
      userId: paid.id,
      provider: 'sandbox',
      plan: 'community',
      billingPeriod: 'monthly',
      status: 'active',
    });
    await expect(setPlan(t.app.db, paid.email!, 'free')).rejects.toThrow(/through billing/);
    const [row] = await t.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, paid.id));
    expect(row!.plan).toBe('community');
  });

  it('lists, shows and transfers threadlines to members only', async () => {
    const owner = await buildUser(t.app.db);
    const member = await buildUser(t.app.db);
    const outsider = await buildUser(t.app.db);
    const timeline = await buildThreadline(t.app.db, owner);
    await addMember(t.app.db, timeline, member);
    const { rows } = await listTimelines(t.app.db, { limit: 1000 });
    expect(rows.find((r) => r.id === timeline.id)).toMatchObject({ owner: owner.email, members: 2 });
    expect((await showTimeline(t.app.db, timeline.id)).members).toHaveLength(2);
    await expect(showTimeline(t.app.db, 'not-an-id')).rejects.toThrow(AdminError);

    await expect(transferTimeline(t.app.db, t.app.config, timeline.id, outsider.email!)).rejects.toThrow(
      /not a member/,
    );
    expect(await transferTimeline(t.app.db, t.app.config, timeline.id, member.email!)).toEqual({
      previousOwner: owner.email,
      newOwner: member.email,
    });
    const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, timeline.id));
    expect(row!.ownerId).toBe(member.id);
    const roles = await t.app.db
      .select({ userId: timelineMembers.userId, role: timelineMembers.role })
      .from(timelineMembers)
      .where(eq(timelineMembers.timelineId, timeline.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.id]: 'moderator',
      [member.id]: 'owner',
    });
    await expect(transferTimeline(t.app.db, t.app.config, timeline.id, member.email!)).rejects.toThrow(
      /already owns/,
    );
  });

  it('revokes every session of an account', async () => {
    const { user, as } = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    expect(await revokeSessions(t.app.db, user.email!)).toHaveLength(1);
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
    expect((await second.as.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('recounts storage from stored and attached uploads only', async () => {
    const drifted = await buildUser(t.app.db, { storageUsedBytes: 999 });
    const right = await buildUser(t.app.db, { storageUsedBytes: 300 });
    const upload = (ownerId: string, status: string, size: number) => ({
      key: `uploads/${crypto.randomUUID()}`,
      ownerId,
      status,
      size,
    });
    await t.app.db
      .insert(uploads)
      .values([
        upload(drifted.id, 'stored', 100),
        upload(drifted.id, 'attached', 50),
        upload(drifted.id, 'pending', 7),
        upload(right.id, 'attached', 300),
      ]);
    const { changed } = await recountStorage(t.app.db);
    expect(changed.find((c) => c.id === drifted.id)).toMatchObject({ before: 999, after: 150 });
    expect(changed.find((c) => c.id === right.id)).toBeUndefined();
    expect((await recountStorage(t.app.db)).changed.filter((c) => c.id === drifted.id)).toEqual([]);
  });

  it('reports the migrations applied', async () => {
    const status = await migrationStatus(t.app.db);
    expect(status.applied).toBe(status.known);
  });
});
