// Ownership transfer (issue 26; DECISIONS §10) as visitor, outsider, blocked user and each role, with the
// plan limits of the new owner and offers and accepts racing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS } from '../../common/plans.ts';
import { OWNERSHIP_ERRORS } from '../../common/timeline-errors.ts';
import { timelineBlockedUsers, timelineMembers, timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, buildUser, callerFor, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

async function club() {
  const owner = await signedInUser(t.app, { displayName: 'Olga' });
  const heir = await signedInUser(t.app, { displayName: 'Hana' });
  const other = await signedInUser(t.app, { displayName: 'Omar' });
  const timeline = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, timeline, heir.user, 'participant');
  await addMember(t.app.db, timeline, other.user, 'moderator');
  const base = `/api/timelines/${timeline.id}`;
  return { owner, heir, other, timeline, base };
}
const roles = async (timelineId: string) =>
  Object.fromEntries(
    (await t.app.db.select().from(timelineMembers).where(eq(timelineMembers.timelineId, timelineId))).map(
      (m) => [m.userId, m.role],
    ),
  );

describe('offering ownership', () => {
  it('the owner offers it to a member; only the two of them see the offer', async () => {
    const { owner, heir, other, base } = await club();
    const res = await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Ownership offered' });
    expect((await owner.as.get(base)).json().timeline.pendingOwnerId).toBe(heir.user.id);
    expect((await heir.as.get(base)).json().timeline.pendingOwnerId).toBe(heir.user.id);
    expect((await other.as.get(base)).json().timeline.pendingOwnerId).toBeNull();
  });

  it('refuses visitors, outsiders, blocked users, moderators, non-members and the owner themself', async () => {
    const { owner, heir, other, timeline, base } = await club();
    const outsider = await signedInUser(t.app);
    const blocked = await signedInUser(t.app);
    await t.app.db
      .insert(timelineBlockedUsers)
      .values({ timelineId: timeline.id, userId: blocked.user.id, blockedBy: owner.user.id });
    const body = { userId: heir.user.id };
    expect((await callerFor(t.app).post(`${base}/transfer`, body)).statusCode).toBe(401);
    expect((await outsider.as.post(`${base}/transfer`, body)).statusCode).toBe(404);
    expect((await blocked.as.post(`${base}/transfer`, body)).statusCode).toBe(404);
    expect((await other.as.post(`${base}/transfer`, body)).statusCode).toBe(403);
    expect((await heir.as.post(`${base}/transfer`, { userId: other.user.id })).statusCode).toBe(403);
    const stranger = await owner.as.post(`${base}/transfer`, { userId: outsider.user.id });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'Member not found']);
    expect((await owner.as.post(`${base}/transfer`, { userId: owner.user.id })).statusCode).toBe(403);
    expect((await owner.as.post(`${base}/transfer`, { userId: 'nope' })).statusCode).toBe(404);
    expect((await owner.as.get(base)).json().timeline.pendingOwnerId).toBeNull();
  });
});

describe('accepting', () => {
  it('the member offered becomes owner and the old owner a moderator', async () => {
    const { owner, heir, other, timeline, base } = await club();
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    const wrong = await other.as.post(`${base}/transfer/accept`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, OWNERSHIP_ERRORS.noOffer]);
    const res = await heir.as.post(`${base}/transfer/accept`);
    expect(res.statusCode).toBe(200);
    expect(await roles(timeline.id)).toEqual({
      [owner.user.id]: 'moderator',
      [heir.user.id]: 'owner',
      [other.user.id]: 'moderator',
    });
    const page = (await heir.as.get(base)).json();
    expect(page.timeline).toMatchObject({ ownerId: heir.user.id, role: 'owner', pendingOwnerId: null });
    expect(page.timeline.joinCode).toBeTruthy();
    // The old owner manages nothing now; the new one does.
    expect(
      (await owner.as.patch(`${base}/approval-settings`, { joinApprovalRequired: true })).statusCode,
    ).toBe(403);
    expect(
      (await heir.as.patch(`${base}/approval-settings`, { joinApprovalRequired: true })).statusCode,
    ).toBe(200);
    expect((await heir.as.post(`${base}/transfer/accept`)).statusCode).toBe(404);
  });

  it("within the new owner's plan: threadlines owned and members per threadline", async () => {
    const { owner, heir, base } = await club();
    for (let i = 0; i < PLAN_LIMITS.free.maxTimelines; i++) await buildThreadline(t.app.db, heir.user);
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    const full = await heir.as.post(`${base}/transfer/accept`);
    expect([full.statusCode, full.json().message]).toEqual([403, PLAN_LIMIT_MESSAGES.timelines]);
    expect(full.json().planUpgradeRequired).toBe(true);

    const big = await signedInUser(t.app, { plan: 'pro' });
    const small = await signedInUser(t.app);
    const crowded = await buildThreadline(t.app.db, big.user);
    await addMember(t.app.db, crowded, small.user);
    for (let i = 0; i < PLAN_LIMITS.free.maxMembersPerTimeline; i++) {
      await addMember(t.app.db, crowded, await buildUser(t.app.db));
    }
    await big.as.post(`/api/timelines/${crowded.id}/transfer`, { userId: small.user.id });
    const tooMany = await small.as.post(`/api/timelines/${crowded.id}/transfer/accept`);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([403, PLAN_LIMIT_MESSAGES.members]);
    expect((await roles(crowded.id))[big.user.id]).toBe('owner');
  });

  it('an archived threadline is neither offered nor taken', async () => {
    const { owner, heir, timeline, base } = await club();
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    await t.app.db.update(timelines).set({ archivedAt: new Date() }).where(eq(timelines.id, timeline.id));
    expect((await owner.as.post(`${base}/transfer`, { userId: heir.user.id })).statusCode).toBe(403);
    expect((await heir.as.post(`${base}/transfer/accept`)).statusCode).toBe(403);
  });
});

describe('withdrawing and declining', () => {
  it('the owner withdraws, the member declines, anyone else is refused; leaving drops the offer', async () => {
    const { owner, heir, other, base } = await club();
    expect((await owner.as.delete(`${base}/transfer`)).json()).toEqual({
      message: OWNERSHIP_ERRORS.noOfferToWithdraw,
    });
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    expect((await other.as.delete(`${base}/transfer`)).statusCode).toBe(404);
    expect((await owner.as.delete(`${base}/transfer`)).statusCode).toBe(200);
    expect((await heir.as.post(`${base}/transfer/accept`)).statusCode).toBe(404);
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    expect((await heir.as.delete(`${base}/transfer`)).statusCode).toBe(200);
    expect((await owner.as.get(base)).json().timeline.pendingOwnerId).toBeNull();
    await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
    await heir.as.delete(`${base}/members/leave`);
    expect((await owner.as.get(base)).json().timeline.pendingOwnerId).toBeNull();
  });
});

describe('races', () => {
  it('accepting while leaving, or while the owner removes the member: one owner, never a gone one', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner, heir, timeline, base } = await club();
      await owner.as.post(`${base}/transfer`, { userId: heir.user.id });
      const racing =
        round % 2 === 0
          ? heir.as.delete(`${base}/members/leave`)
          : owner.as.delete(`${base}/members/${heir.user.id}`, {});
      const [accepted] = await Promise.all([heir.as.post(`${base}/transfer/accept`), racing]);
      const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, timeline.id));
      const now = await roles(timeline.id);
      const owners = Object.entries(now).filter(([, role]) => role === 'owner');
      expect(owners).toHaveLength(1);
      expect(row!.ownerId).toBe(owners[0]![0]);
      if (accepted.statusCode === 200) expect(row!.ownerId).toBe(heir.user.id);
      else {
        expect(row!.ownerId).toBe(owner.user.id);
        expect(now[heir.user.id]).toBeUndefined();
        expect(row!.pendingOwnerId).toBeNull();
      }
    }
  });

  it('offers to two members at once, then both accept at once: one owner, every round', async () => {
    for (let round = 0; round < 8; round++) {
      const { owner, heir, other, timeline, base } = await club();
      await Promise.all([
        owner.as.post(`${base}/transfer`, { userId: heir.user.id }),
        owner.as.post(`${base}/transfer`, { userId: other.user.id }),
      ]);
      const answers = await Promise.all(
        [heir, other, heir, other, heir, other].map((p) => p.as.post(`${base}/transfer/accept`)),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const owners = await t.app.db
        .select()
        .from(timelineMembers)
        .where(and(eq(timelineMembers.timelineId, timeline.id), eq(timelineMembers.role, 'owner')));
      expect(owners).toHaveLength(1);
      const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, timeline.id));
      expect(row!.ownerId).toBe(owners[0]!.userId);
      expect(row!.ownerId).not.toBe(owner.user.id);
    }
  });
});
