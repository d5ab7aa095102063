import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timelineJoinRequests } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

async function threadlineWithMember(role: 'participant' | 'moderator' | 'viewer' = 'participant') {
  const owner = await signedInUser(t.app);
  const member = await signedInUser(t.app, { displayName: 'Bea' });
  const timeline = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, timeline, member.user, role);
  return { owner, member, timeline, base: `/api/timelines/${timeline.id}` };
}

describe('leave', () => {
  it('lets a member leave; posts stay; the owner cannot leave', async () => {
    const { owner, member, base } = await threadlineWithMember();
    const res = await member.as.delete(`${base}/members/leave`);
    expect(res.json()).toEqual({ message: 'Left timeline' });
    expect((await member.as.get(base)).statusCode).toBe(404);
    const refused = await owner.as.delete(`${base}/members/leave`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'The owner cannot leave the timeline',
    ]);
  });
});

describe('remove and block, blocked list, unblock', () => {
  it('removes, blocks with a reason, cancels pending requests, lists and unblocks', async () => {
    const { owner, member, timeline, base } = await threadlineWithMember();
    // A leftover pending request of the member (e.g. from before they joined) is cancelled too.
    await t.app.db.insert(timelineJoinRequests).values({ timelineId: timeline.id, userId: member.user.id });
    const res = await owner.as.delete(`${base}/members/${member.user.id}`, { reason: '  Spam  ' });
    expect(res.json()).toEqual({ message: 'Member removed and blocked' });
    expect((await member.as.get(base)).statusCode).toBe(404);
    const pending = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.userId, member.user.id));
    expect(pending).toEqual([]);

    const blocked = (await owner.as.get(`${base}/blocked-users`)).json();
    expect(blocked).toEqual([
      {
        userId: member.user.id,
        user: expect.objectContaining({ displayName: 'Bea', email: member.user.email }),
        blockedAt: expect.any(String),
        reason: 'Spam',
      },
    ]);
    expect((await owner.as.post(`${base}/unblock/${member.user.id}`)).json()).toEqual({
      message: 'User unblocked',
    });
    expect((await owner.as.get(`${base}/blocked-users`)).json()).toEqual([]);
    expect((await owner.as.post(`${base}/unblock/${member.user.id}`)).statusCode).toBe(404);
  });

  it('works without a body and refuses the owner, strangers and bad reasons', async () => {
    const { owner, member, base } = await threadlineWithMember();
    const stranger = await signedInUser(t.app);
    expect((await owner.as.delete(`${base}/members/${stranger.user.id}`)).statusCode).toBe(404);
    expect((await owner.as.delete(`${base}/members/${owner.user.id}`)).statusCode).toBe(403);
    const upper = `${base.toUpperCase().replace('/API/TIMELINES/', '/api/timelines/')}/members/${owner.user.id.toUpperCase()}`;
    expect((await owner.as.delete(upper)).statusCode).toBe(403);
    expect(
      (await owner.as.delete(`${base}/members/${member.user.id}`, { reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
    expect((await owner.as.get(base)).json().members).toHaveLength(2);
    expect((await owner.as.delete(`${base}/members/${member.user.id}`)).statusCode).toBe(200);
  });
});

describe('role change', () => {
  it('sets moderator, participant or viewer; never owner; never on the owner', async () => {
    const { owner, member, base } = await threadlineWithMember();
    for (const role of ['moderator', 'viewer', 'participant']) {
      const res = await owner.as.patch(`${base}/members/${member.user.id}`, { role });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: member.user.id, role, user: { email: member.user.email } });
    }
    expect((await owner.as.patch(`${base}/members/${member.user.id}`, { role: 'owner' })).statusCode).toBe(
      400,
    );
    for (const id of [owner.user.id, owner.user.id.toUpperCase()]) {
      expect((await owner.as.patch(`${base}/members/${id}`, { role: 'viewer' })).statusCode).toBe(403);
    }
    const stranger = await signedInUser(t.app);
    expect((await owner.as.patch(`${base}/members/${stranger.user.id}`, { role: 'viewer' })).statusCode).toBe(
      404,
    );
  });

  it('a moderator cannot change roles or block', async () => {
    const { owner, member, base } = await threadlineWithMember('moderator');
    expect((await member.as.patch(`${base}/members/${owner.user.id}`, { role: 'viewer' })).statusCode).toBe(
      403,
    );
    expect((await member.as.delete(`${base}/members/${owner.user.id}`)).statusCode).toBe(403);
    expect((await member.as.get(`${base}/blocked-users`)).statusCode).toBe(403);
  });
});
