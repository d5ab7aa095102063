// PATCH /api/timelines/{id}/appearance and `appearance` on threadlines (issue 24; DECISIONS §9).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_FEATURE_MESSAGES } from '../../common/plans.ts';
import { timelines, uploads, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, callerFor, signedInUser } from '../test/factories.ts';
import { storageUsed, storedUpload } from '../test/stored-uploads.ts';
import { setupStorageApp } from '../test/uploads.ts';

const t = setupStorageApp('local');
const url = (id: string) => `/api/timelines/${id}/appearance`;

async function world(plan: 'free' | 'pro' | 'community' = 'pro') {
  const owner = await signedInUser(t.app, { plan });
  const tl = await buildThreadline(t.app.db, owner.user);
  const people = {
    moderator: await signedInUser(t.app),
    participant: await signedInUser(t.app),
    viewer: await signedInUser(t.app),
  };
  for (const [role, p] of Object.entries(people)) {
    await addMember(t.app.db, tl, p.user, role as 'moderator' | 'participant' | 'viewer');
  }
  return { owner, tl, ...people };
}

const setPlan = (userId: string, plan: 'free' | 'pro' | 'community') =>
  t.app.db.update(users).set({ plan }).where(eq(users.id, userId));

describe('PATCH /api/timelines/{id}/appearance', () => {
  it('lets a Pro owner set a cover, colour and icon; every member sees them, on the page and the card', async () => {
    const w = await world('pro');
    const cover = await storedUpload(t.app, w.owner.user.id);
    const res = await w.owner.as.patch(url(w.tl.id), {
      coverImageUrl: cover.path,
      accentColor: 'teal',
      icon: '🌱',
    });
    expect(res.statusCode).toBe(200);
    const appearance = { coverImageUrl: cover.path, accentColor: 'teal', icon: '🌱' };
    expect(res.json()).toMatchObject({ id: w.tl.id, appearance });
    for (const who of [w.owner, w.moderator, w.participant, w.viewer]) {
      expect((await who.as.get(`/api/timelines/${w.tl.id}`)).json().timeline.appearance).toEqual(appearance);
      const card = (await who.as.get('/api/user/timelines'))
        .json()
        .find((c: { id: string }) => c.id === w.tl.id);
      expect(card.appearance).toEqual(appearance);
      expect((await who.as.get(cover.path)).statusCode).toBe(200);
    }
    // The upload is now the threadline's cover: attached, still charged to the owner.
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, cover.row.id));
    expect(row).toMatchObject({ status: 'attached', category: 'cover', timelineId: w.tl.id });
    expect(await storageUsed(t.app, w.owner.user.id)).toBe(cover.bytes.length);
    const outsider = await signedInUser(t.app);
    expect((await outsider.as.get(cover.path)).statusCode).toBe(404);
  });

  it('changes one field at a time, null clears it, all cleared is appearance null', async () => {
    const w = await world('community');
    await w.owner.as.patch(url(w.tl.id), { accentColor: 'red', icon: '🎉' });
    const one = await w.owner.as.patch(url(w.tl.id), { icon: null });
    expect(one.json().appearance).toEqual({ coverImageUrl: null, accentColor: 'red', icon: null });
    const none = await w.owner.as.patch(url(w.tl.id), { accentColor: null });
    expect(none.json().appearance).toBeNull();
    expect((await w.owner.as.get(`/api/timelines/${w.tl.id}`)).json().timeline.appearance).toBeNull();
  });

  it('answers others as the other owner-only settings do', async () => {
    const w = await world('pro');
    const body = { accentColor: 'blue' };
    expect((await callerFor(t.app).patch(url(w.tl.id), body)).statusCode).toBe(401);
    const outsider = await signedInUser(t.app, { plan: 'pro' });
    const res = await outsider.as.patch(url(w.tl.id), body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Timeline not found' });
    for (const who of [w.moderator, w.participant, w.viewer]) {
      await setPlan(who.user.id, 'pro');
      const refused = await who.as.patch(url(w.tl.id), body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only the timeline owner can do this' });
    }
    // Blocked: as an outsider.
    await w.owner.as.delete(`/api/timelines/${w.tl.id}/members/${w.participant.user.id}`);
    expect((await w.participant.as.patch(url(w.tl.id), body)).statusCode).toBe(404);
    expect((await w.owner.as.get(`/api/timelines/${w.tl.id}`)).json().timeline.appearance).toBeNull();
    // Archived: read-only.
    await w.owner.as.post(`/api/timelines/${w.tl.id}/archive`);
    const archived = await w.owner.as.patch(url(w.tl.id), body);
    expect(archived.statusCode).toBe(403);
    expect(archived.json().message).toBe('Timeline is archived');
  });

  it('refuses a free owner with the upgrade answer and stores nothing', async () => {
    const w = await world('free');
    const res = await w.owner.as.patch(url(w.tl.id), { accentColor: 'blue' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PLAN_FEATURE_MESSAGES.customization, planUpgradeRequired: true });
    const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, w.tl.id));
    expect(row!.accentColor).toBeNull();
  });

  it('hides the appearance after a downgrade, keeping it, and shows it again on an upgrade', async () => {
    const w = await world('pro');
    const cover = await storedUpload(t.app, w.owner.user.id);
    await w.owner.as.patch(url(w.tl.id), { coverImageUrl: cover.path, accentColor: 'green', icon: '📚' });
    await setPlan(w.owner.user.id, 'free');
    for (const who of [w.owner, w.participant]) {
      expect((await who.as.get(`/api/timelines/${w.tl.id}`)).json().timeline.appearance).toBeNull();
      const card = (await who.as.get('/api/user/timelines'))
        .json()
        .find((c: { id: string }) => c.id === w.tl.id);
      expect(card.appearance).toBeNull();
    }
    // Another setting saved meanwhile does not show it either.
    const perms = await w.owner.as.patch(`/api/timelines/${w.tl.id}/permissions`, {
      allowParticipantPosts: false,
    });
    expect(perms.json().appearance).toBeNull();
    const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, w.tl.id));
    expect(row).toMatchObject({ coverImageUrl: cover.path, accentColor: 'green', icon: '📚' });
    await setPlan(w.owner.user.id, 'community');
    expect((await w.participant.as.get(`/api/timelines/${w.tl.id}`)).json().timeline.appearance).toEqual({
      coverImageUrl: cover.path,
      accentColor: 'green',
      icon: '📚',
    });
  });

  it('refuses a bad colour, icon or body with 400 {message}', async () => {
    const w = await world('pro');
    const bad = [
      { accentColor: 'chartreuse' },
      { accentColor: '#ff0000' },
      { icon: 'a' },
      { icon: '🌱🌱' },
      { icon: '' },
      { icon: '1\u20e3x' },
      { coverImageUrl: '' },
      { coverImageUrl: 42 },
      {},
      { accentColor: 'blue', colour: 'red' },
    ];
    for (const body of bad) {
      const res = await w.owner.as.patch(url(w.tl.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await w.owner.as.patch(url(w.tl.id), { icon: '👩‍👩‍👧' })).statusCode).toBe(200);
  });

  it('takes only the owner’s own finalised image upload as the cover', async () => {
    const w = await world('pro');
    const other = await signedInUser(t.app, { plan: 'pro' });
    const theirs = await storedUpload(t.app, other.user.id);
    const refuse = async (coverImageUrl: string, status: number) => {
      const res = await w.owner.as.patch(url(w.tl.id), { coverImageUrl });
      expect(res.statusCode, coverImageUrl).toBe(status);
      expect(typeof res.json().message).toBe('string');
    };
    await refuse(theirs.path, 404);
    await refuse('/objects/uploads/not-a-uuid', 404);
    await refuse('https://example.com/cat.png', 404);
    await refuse((await storedUpload(t.app, w.owner.user.id, { status: 'pending' })).path, 400);
    await refuse((await storedUpload(t.app, w.owner.user.id, { category: 'document' })).path, 400);
    await refuse(
      (await storedUpload(t.app, w.owner.user.id, { contentType: 'image/svg+xml', fileName: 'x.svg' })).path,
      400,
    );
    const big = await storedUpload(t.app, w.owner.user.id, { extra: { size: 10 * 1024 * 1024 + 1 } });
    await refuse(big.path, 413);
    // A post's media (attached) is in use already.
    const used = await storedUpload(t.app, w.owner.user.id, { status: 'attached' });
    await refuse(used.path, 409);
    const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, w.tl.id));
    expect(row!.coverImageUrl).toBeNull();
  });

  it('releases a replaced, cleared or deleted threadline’s cover', async () => {
    const w = await world('pro');
    const first = await storedUpload(t.app, w.owner.user.id);
    const second = await storedUpload(t.app, w.owner.user.id);
    await w.owner.as.patch(url(w.tl.id), { coverImageUrl: first.path });
    // Saving the same cover again changes nothing.
    expect((await w.owner.as.patch(url(w.tl.id), { coverImageUrl: first.path })).statusCode).toBe(200);
    await w.owner.as.patch(url(w.tl.id), { coverImageUrl: second.path });
    expect(await storageUsed(t.app, w.owner.user.id)).toBe(second.bytes.length);
    expect((await w.owner.as.get(first.path)).statusCode).toBe(404);
    expect((await w.participant.as.get(second.path)).statusCode).toBe(200);
    await w.owner.as.patch(url(w.tl.id), { coverImageUrl: null });
    expect(await storageUsed(t.app, w.owner.user.id)).toBe(0);
    expect((await w.owner.as.get(second.path)).statusCode).toBe(404);

    const third = await storedUpload(t.app, w.owner.user.id);
    await w.owner.as.patch(url(w.tl.id), { coverImageUrl: third.path });
    await w.owner.as.delete(`/api/timelines/${w.tl.id}`);
    expect(await storageUsed(t.app, w.owner.user.id)).toBe(0);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.id, third.row.id))).toEqual([]);
  });
});

describe('with BILLING_PROVIDER=off', () => {
  const off = setupTestApp({ BILLING_PROVIDER: 'off' });

  it('every owner may customize, and it shows', async () => {
    const owner = await signedInUser(off.app, { plan: 'free' });
    const tl = await buildThreadline(off.app.db, owner.user);
    const res = await owner.as.patch(url(tl.id), { accentColor: 'purple', icon: '🚀' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appearance).toEqual({ coverImageUrl: null, accentColor: 'purple', icon: '🚀' });
    const card = (await owner.as.get('/api/user/timelines')).json()[0];
    expect(card.appearance).toEqual({ coverImageUrl: null, accentColor: 'purple', icon: '🚀' });
  });
});
