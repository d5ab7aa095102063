import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOIN_MESSAGES } from '../../common/join-messages.ts';
import { REQUIRED_COPY } from '../../common/schemas/timeline.ts';
import { timelineJoinRequests } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, buildUser, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

async function ownerWithThreadline(overrides: Parameters<typeof buildThreadline>[2] = {}) {
  const owner = await signedInUser(t.app);
  const timeline = await buildThreadline(t.app.db, owner.user, overrides);
  return { owner, timeline };
}

describe('POST /api/timelines/join', () => {
  it('joins as participant when approval is off; trims and upper-cases the code', async () => {
    const { timeline } = await ownerWithThreadline();
    const bob = await signedInUser(t.app);
    const res = await bob.as.post('/api/timelines/join', {
      joinCode: `  ${timeline.joinCode.toLowerCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      requiresApproval: false,
      status: 'joined',
      message: JOIN_MESSAGES.joined,
      timeline: { id: timeline.id },
    });
    const page = await bob.as.get(`/api/timelines/${timeline.id}`);
    expect(page.json().member.role).toBe('participant');
  });

  it('says already_member to a member', async () => {
    const { owner, timeline } = await ownerWithThreadline();
    const res = await owner.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    expect(res.json()).toMatchObject({
      requiresApproval: false,
      status: 'already_member',
      timeline: { id: timeline.id },
    });
  });

  it('answers every refusal of DECISIONS §5 with its exact message', async () => {
    const bob = await signedInUser(t.app);
    const unknown = await bob.as.post('/api/timelines/join', { joinCode: 'ZZZZZZZZ' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Invalid join code']);

    const deleted = await ownerWithThreadline({ deletedAt: new Date() });
    const d = await bob.as.post('/api/timelines/join', { joinCode: deleted.timeline.joinCode });
    expect([d.statusCode, d.json().message]).toEqual([404, 'Timeline not found or has been deleted']);

    const archived = await ownerWithThreadline({ archivedAt: new Date() });
    const a = await bob.as.post('/api/timelines/join', { joinCode: archived.timeline.joinCode });
    expect([a.statusCode, a.json().message]).toEqual([
      403,
      'Timeline is archived and not accepting new members',
    ]);

    const empty = await bob.as.post('/api/timelines/join', { joinCode: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, REQUIRED_COPY.code]);
  });

  it('refuses a blocked user', async () => {
    const { owner, timeline } = await ownerWithThreadline();
    const bob = await signedInUser(t.app);
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    await owner.as.delete(`/api/timelines/${timeline.id}/members/${bob.user.id}`, { reason: 'spam' });
    const res = await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    expect([res.statusCode, res.json().message]).toEqual([403, 'You are blocked from this timeline']);
    expect((await bob.as.get(`/api/timelines/${timeline.id}`)).statusCode).toBe(404);
    await owner.as.post(`/api/timelines/${timeline.id}/unblock/${bob.user.id}`);
    expect((await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status).toBe(
      'joined',
    );
  });

  it('with approval on: one pending request, the same on repeat, rejected stays rejected', async () => {
    const { owner, timeline } = await ownerWithThreadline({ joinApprovalRequired: true });
    const bob = await signedInUser(t.app);
    const first = await bob.as.post('/api/timelines/join', {
      joinCode: timeline.joinCode,
      message: '  Hi!  ',
    });
    expect(first.json()).toEqual({
      requiresApproval: true,
      status: 'pending',
      message: JOIN_MESSAGES.pending,
      timeline: { id: timeline.id },
    });
    const again = await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode, message: 'again' });
    expect(again.json().status).toBe('pending');
    const rows = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.userId, bob.user.id));
    expect(rows.map((r) => [r.status, r.message])).toEqual([['pending', 'Hi!']]);
    expect((await bob.as.get(`/api/timelines/${timeline.id}`)).statusCode).toBe(404);

    const requestId = rows[0]!.id;
    const rejected = await owner.as.post(`/api/timelines/${timeline.id}/join-requests/${requestId}/reject`, {
      responseMessage: ' Not now ',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      responseMessage: 'Not now',
      processedAt: expect.any(String),
    });
    const retry = await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    expect([retry.statusCode, retry.json().message]).toEqual([403, 'Your join request was rejected']);
  });

  it('refuses a join past the owner’s member limit, owner included', async () => {
    const { timeline } = await ownerWithThreadline();
    for (let i = 0; i < 9; i++) await addMember(t.app.db, timeline, await buildUser(t.app.db));
    const bob = await signedInUser(t.app);
    const res = await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Member limit reached', planUpgradeRequired: true, limit: 10 });
  });

  it('a pro owner has room for 50', async () => {
    const owner = await signedInUser(t.app, { plan: 'pro' });
    const timeline = await buildThreadline(t.app.db, owner.user);
    for (let i = 0; i < 10; i++) await addMember(t.app.db, timeline, await buildUser(t.app.db));
    const bob = await signedInUser(t.app);
    expect((await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status).toBe(
      'joined',
    );
  });

  it('limits join attempts with unknown codes to 20 per 10 minutes per user', async () => {
    const guesser = await signedInUser(t.app);
    for (let i = 0; i < 20; i++) {
      expect((await guesser.as.post('/api/timelines/join', { joinCode: `NOPE${i}` })).statusCode).toBe(404);
    }
    const limited = await guesser.as.post('/api/timelines/join', { joinCode: 'NOPE99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const other = await signedInUser(t.app);
    expect((await other.as.post('/api/timelines/join', { joinCode: 'NOPE00' })).statusCode).toBe(404);
  });
});

describe('join requests: panel, approve, reject, mine, retract, summary', () => {
  it('lists by status for owner and moderators; e-mails only for the owner', async () => {
    const { owner, timeline } = await ownerWithThreadline({ joinApprovalRequired: true });
    const mod = await signedInUser(t.app);
    await addMember(t.app.db, timeline, mod.user, 'moderator');
    const [bob, cy] = [await signedInUser(t.app), await signedInUser(t.app)];
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode, message: 'Bob here' });
    await cy.as.post('/api/timelines/join', { joinCode: timeline.joinCode });

    const pending = (await owner.as.get(`/api/timelines/${timeline.id}/join-requests?status=pending`)).json();
    expect(pending).toHaveLength(2);
    expect(pending.find((r: { user: { id: string } }) => r.user.id === bob.user.id)).toMatchObject({
      status: 'pending',
      message: 'Bob here',
      user: { email: bob.user.email },
    });
    const asMod = (await mod.as.get(`/api/timelines/${timeline.id}/join-requests`)).json();
    expect(asMod.every((r: { user: { email: null } }) => r.user.email === null)).toBe(true);

    const summary = (await owner.as.get('/api/pending-requests-summary')).json();
    expect(summary).toEqual([{ timelineId: timeline.id, pendingCount: 2 }]);
    expect((await mod.as.get('/api/pending-requests-summary')).json()).toEqual(summary);
    expect((await bob.as.get('/api/pending-requests-summary')).json()).toEqual([]);

    const bobRequest = pending.find((r: { user: { id: string } }) => r.user.id === bob.user.id);
    const approved = await mod.as.post(
      `/api/timelines/${timeline.id}/join-requests/${bobRequest.id}/approve`,
      {
        responseMessage: 'Welcome!',
      },
    );
    expect(approved.json()).toMatchObject({ status: 'approved', responseMessage: 'Welcome!' });
    expect((await bob.as.get(`/api/timelines/${timeline.id}`)).json().member.role).toBe('participant');
    const twice = await owner.as.post(`/api/timelines/${timeline.id}/join-requests/${bobRequest.id}/reject`);
    expect(twice.statusCode).toBe(409);

    expect(
      (await owner.as.get(`/api/timelines/${timeline.id}/join-requests?status=approved`)).json(),
    ).toHaveLength(1);
    expect((await owner.as.get(`/api/timelines/${timeline.id}/join-requests`)).json()).toHaveLength(2);
    expect((await owner.as.get(`/api/timelines/${timeline.id}/join-requests?status=maybe`)).statusCode).toBe(
      400,
    );
    expect((await owner.as.get('/api/pending-requests-summary')).json()).toEqual([
      { timelineId: timeline.id, pendingCount: 1 },
    ]);

    const mine = (await bob.as.get('/api/my-join-requests')).json();
    expect(mine).toEqual([
      {
        id: bobRequest.id,
        timelineId: timeline.id,
        timeline: { name: timeline.name, description: null, deletedAt: null, archivedAt: null },
        status: 'approved',
        message: 'Bob here',
        responseMessage: 'Welcome!',
        createdAt: expect.any(String),
        processedAt: expect.any(String),
      },
    ]);
  });

  it('a request id from another threadline is 404', async () => {
    const a = await ownerWithThreadline({ joinApprovalRequired: true });
    const b = await ownerWithThreadline({ joinApprovalRequired: true });
    const bob = await signedInUser(t.app);
    await bob.as.post('/api/timelines/join', { joinCode: b.timeline.joinCode });
    const [req] = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.userId, bob.user.id));
    const res = await a.owner.as.post(`/api/timelines/${a.timeline.id}/join-requests/${req!.id}/approve`);
    expect(res.statusCode).toBe(404);
    expect(
      (await a.owner.as.post(`/api/timelines/${a.timeline.id}/join-requests/not-a-uuid/approve`)).statusCode,
    ).toBe(404);
  });

  it('approve past the member limit is refused and the request stays pending', async () => {
    const { owner, timeline } = await ownerWithThreadline({ joinApprovalRequired: true });
    const bob = await signedInUser(t.app);
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    for (let i = 0; i < 9; i++) await addMember(t.app.db, timeline, await buildUser(t.app.db));
    const [req] = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.userId, bob.user.id));
    const res = await owner.as.post(`/api/timelines/${timeline.id}/join-requests/${req!.id}/approve`);
    expect(res.json()).toEqual({ message: 'Member limit reached', planUpgradeRequired: true, limit: 10 });
    const [after] = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.id, req!.id));
    expect(after!.status).toBe('pending');
  });

  it('retracts only one’s own pending request', async () => {
    const { owner, timeline } = await ownerWithThreadline({ joinApprovalRequired: true });
    const bob = await signedInUser(t.app);
    const eve = await signedInUser(t.app);
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    const [req] = (await bob.as.get('/api/my-join-requests')).json();
    expect((await eve.as.delete(`/api/join-requests/${req.id}`)).statusCode).toBe(404);
    expect((await owner.as.delete(`/api/join-requests/${req.id}`)).statusCode).toBe(404);
    expect((await bob.as.delete('/api/join-requests/garbage')).statusCode).toBe(404);
    const ok = await bob.as.delete(`/api/join-requests/${req.id}`);
    expect(ok.json()).toEqual({ message: 'Join request retracted' });
    expect((await bob.as.get('/api/my-join-requests')).json()).toEqual([]);
    // A processed request cannot be retracted.
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    const [again] = (await bob.as.get('/api/my-join-requests')).json();
    await owner.as.post(`/api/timelines/${timeline.id}/join-requests/${again.id}/reject`);
    expect((await bob.as.delete(`/api/join-requests/${again.id}`)).statusCode).toBe(409);
  });

  it('turning approval off lets a pending requester join directly', async () => {
    const { owner, timeline } = await ownerWithThreadline({ joinApprovalRequired: true });
    const bob = await signedInUser(t.app);
    await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    await owner.as.patch(`/api/timelines/${timeline.id}/approval-settings`, { joinApprovalRequired: false });
    expect((await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status).toBe(
      'joined',
    );
    const [mine] = (await bob.as.get('/api/my-join-requests')).json();
    expect(mine.status).toBe('approved');
  });
});
