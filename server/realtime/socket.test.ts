// The /ws socket: the upgrade checks, the protocol of spec 000 §7, and the limits (size, rate, pings,
// sessions). Events themselves are in hub.test.ts.
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME, REALTIME_ERRORS } from '../../common/realtime.ts';
import { passwordResetTokens, sessions } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, cookieFor, signedInUser, TEST_PASSWORD } from '../test/factories.ts';
import { openSocket, socketUser, type TestSocket, upgradeStatus } from '../test/ws.ts';

const t = setupTestApp();
const open: TestSocket[] = [];
const track = <T extends { socket: TestSocket }>(x: T) => {
  open.push(x.socket);
  return x;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('upgrade', () => {
  it('is refused without a session cookie (401)', async () => {
    expect(await upgradeStatus(t.app)).toBe(401);
  });

  it('is refused with a cookie that is no session (401)', async () => {
    expect(await upgradeStatus(t.app, 'tl_session=not-a-real-token')).toBe(401);
  });

  it('is refused from another Origin (403), even signed in', async () => {
    const ada = await signedInUser(t.app);
    expect(await upgradeStatus(t.app, ada.cookie, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(t.app, ada.cookie, { origin: 'null' })).toBe(403);
  });

  it('opens with a session cookie and the same Origin', async () => {
    const ada = await signedInUser(t.app);
    expect(await upgradeStatus(t.app, ada.cookie)).toBe(101);
  });

  it('a plain GET /ws (no upgrade) is not a page', async () => {
    const ada = await signedInUser(t.app);
    const res = await ada.as.get('/ws');
    expect(res.statusCode).toBe(404);
  });
});

describe('protocol', () => {
  it('authenticate: the session user gets authenticated, another id auth_error', async () => {
    const ada = await signedInUser(t.app);
    const socket = await openSocket(t.app, ada.cookie);
    open.push(socket);
    socket.send({ type: 'authenticate', userId: randomUUID() });
    expect(await socket.next('auth_error')).toEqual({
      type: 'auth_error',
      message: REALTIME_ERRORS.wrongUser,
    });
    // Still not authenticated: subscriptions are refused.
    const timeline = await buildThreadline(t.app.db, ada.user);
    socket.send({ type: 'subscribe_timeline', timelineId: timeline.id });
    expect(await socket.next('error')).toEqual({
      type: 'error',
      message: REALTIME_ERRORS.notAuthenticated,
      timelineId: timeline.id,
    });
    expect(await socket.authenticate(ada.user.id)).toEqual({ type: 'authenticated', userId: ada.user.id });
    expect(await socket.subscribe(timeline.id)).toEqual({ type: 'subscribed', timelineId: timeline.id });
  });

  it('subscribe is refused for a threadline of others, a non-UUID, a missing or deleted one', async () => {
    const owner = await signedInUser(t.app);
    const outsider = track(await socketUser(t.app));
    const theirs = await buildThreadline(t.app.db, owner.user);
    const deleted = await buildThreadline(t.app.db, outsider.user, { deletedAt: new Date() });
    for (const timelineId of [theirs.id, 'not-a-uuid', randomUUID(), deleted.id]) {
      outsider.socket.send({ type: 'subscribe_timeline', timelineId });
      expect(await outsider.socket.next('error')).toEqual({
        type: 'error',
        message: REALTIME_ERRORS.noAccess,
        timelineId,
      });
    }
    expect(t.app.realtimeHub.hub.subscriberCount(theirs.id)).toBe(0);
  });

  it('an archived threadline: only its owner may follow it', async () => {
    const owner = track(await socketUser(t.app));
    const member = track(await socketUser(t.app));
    const timeline = await buildThreadline(t.app.db, owner.user, { archivedAt: new Date() });
    await addMember(t.app.db, timeline, member.user);
    await owner.socket.subscribe(timeline.id);
    member.socket.send({ type: 'subscribe_timeline', timelineId: timeline.id });
    expect((await member.socket.next('error')).message).toBe(REALTIME_ERRORS.noAccess);
  });

  it('subscribe and unsubscribe reply subscribed / unsubscribed (requested), idempotently', async () => {
    const ada = track(await socketUser(t.app));
    const timeline = await buildThreadline(t.app.db, ada.user);
    await ada.socket.subscribe(timeline.id);
    await ada.socket.subscribe(timeline.id);
    expect(t.app.realtimeHub.hub.subscriberCount(timeline.id)).toBe(1);
    expect(await ada.socket.unsubscribe(timeline.id)).toEqual({
      type: 'unsubscribed',
      timelineId: timeline.id,
      reason: 'requested',
    });
    expect(t.app.realtimeHub.hub.subscriberCount(timeline.id)).toBe(0);
  });

  it('a closed socket leaves no subscription behind', async () => {
    const ada = await socketUser(t.app);
    const timeline = await buildThreadline(t.app.db, ada.user);
    await ada.socket.subscribe(timeline.id);
    await ada.socket.close();
    await expect.poll(() => t.app.realtimeHub.hub.subscriberCount(timeline.id)).toBe(0);
  });

  it('unreadable messages get error badMessage and the socket stays', async () => {
    const ada = track(await socketUser(t.app));
    for (const bad of [
      '{not json',
      '"a string"',
      JSON.stringify({ type: 'dance' }),
      JSON.stringify({ type: 'subscribe_timeline' }),
      Buffer.from([1, 2, 3]),
    ]) {
      ada.socket.send(bad);
      expect(await ada.socket.next('error')).toEqual({ type: 'error', message: REALTIME_ERRORS.badMessage });
    }
    expect(await ada.socket.authenticate(ada.user.id)).toMatchObject({ type: 'authenticated' });
  });
});

describe('limits', () => {
  it(`a message over ${REALTIME.maxMessageBytes} bytes closes the socket with 1009`, async () => {
    const ada = track(await socketUser(t.app));
    ada.socket.send(JSON.stringify({ type: 'authenticate', userId: 'x'.repeat(REALTIME.maxMessageBytes) }));
    expect((await ada.socket.waitClose()).code).toBe(CLOSE_CODES.tooBig);
  });

  it('a message just under the limit is read (and refused as unreadable)', async () => {
    const ada = track(await socketUser(t.app));
    const filler = 'x'.repeat(REALTIME.maxMessageBytes - 100);
    ada.socket.send(JSON.stringify({ type: 'authenticate', userId: ada.user.id, filler }));
    // Extra keys are dropped by the schema: a valid authenticate.
    expect(await ada.socket.next('authenticated')).toMatchObject({ userId: ada.user.id });
  });

  it(`more than ${REALTIME.maxMessagesPerSecond} messages in a second close the socket with 1008`, async () => {
    const ada = track(await socketUser(t.app));
    for (let i = 0; i < REALTIME.maxMessagesPerSecond * 2; i++) {
      ada.socket.send({ type: 'authenticate', userId: ada.user.id });
    }
    expect((await ada.socket.waitClose()).code).toBe(CLOSE_CODES.policy);
  });

  it(`at most ${REALTIME.maxSubscriptions} subscriptions per socket`, async () => {
    const ada = track(await socketUser(t.app));
    const timeline = await buildThreadline(t.app.db, ada.user);
    await ada.socket.subscribe(timeline.id);
    const socket = t.app.realtimeHub.hub.sockets.values().next().value!;
    // Fill the socket's set directly: 500 threadlines would take long to build.
    for (let i = 1; i < REALTIME.maxSubscriptions; i++) socket.subs!.set(randomUUID(), 'participant');
    const other = await buildThreadline(t.app.db, ada.user);
    ada.socket.send({ type: 'subscribe_timeline', timelineId: other.id });
    expect((await ada.socket.next('error')).message).toBe(REALTIME_ERRORS.tooManySubscriptions);
    // Already followed: still answered.
    expect(await ada.socket.subscribe(timeline.id)).toMatchObject({ type: 'subscribed' });
  });

  it('a socket that misses a pong is dropped at the next ping round', async () => {
    const live = track(await socketUser(t.app));
    const deadUser = await signedInUser(t.app);
    const dead = await openSocket(t.app, deadUser.cookie, { autoPong: false });
    open.push(dead);
    await dead.authenticate(deadUser.user.id);
    const { hub } = t.app.realtimeHub;
    const liveOnServer = [...hub.sockets].find((s) => s.userId === live.user.id)!;
    hub.sweep();
    // The live one answers the ping: wait until its pong has arrived.
    expect(liveOnServer.alive).toBe(false);
    await expect.poll(() => liveOnServer.alive, { timeout: 10_000, interval: 5 }).toBe(true);
    hub.sweep();
    const closed = await dead.waitClose();
    // Terminated without a close frame.
    expect(closed.code).toBe(1006);
    // The sweep has run: had it cut the live one, its answer to a later request could not come.
    await live.socket.expectNoneBeforeReply();
    expect(live.socket.closeInfo).toBeUndefined();
  });
});

describe(`at most ${REALTIME.maxSocketsPerUser} sockets per user`, () => {
  const cap = REALTIME.maxSocketsPerUser;
  /** Every socket open here has been counted, and the sockets past the cap told to close. */
  const admitted = () => Promise.all([...t.app.realtimeHub.hub.sockets].map((s) => s.admitted));

  it(`the ${cap + 1}th and ${cap + 2}th close the oldest two with 4008 (any session); the newest keep receiving`, async () => {
    const ada = await signedInUser(t.app);
    // Two sessions of hers (two browsers): the cap is per user, so it bounds each session too.
    const elsewhere = await cookieFor(t.app, ada.user);
    const bob = track(await socketUser(t.app));
    const timeline = await buildThreadline(t.app.db, ada.user);
    await addMember(t.app.db, timeline, bob.user);
    await bob.socket.subscribe(timeline.id);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < cap + 2; i++) {
      const socket = await openSocket(t.app, i % 2 ? elsewhere : ada.cookie);
      open.push(socket);
      sockets.push(socket);
    }
    const [first, second, ...newest] = sockets;
    expect(await first!.waitClose()).toEqual({ code: CLOSE_CODES.replaced, reason: 'Too many connections' });
    expect(await second!.waitClose()).toEqual({ code: CLOSE_CODES.replaced, reason: 'Too many connections' });
    for (const socket of newest) {
      await socket.authenticate(ada.user.id);
      await socket.subscribe(timeline.id);
    }
    const post = await ada.as.post('/api/posts', { timelineId: timeline.id, content: 'To every tab' });
    expect(post.statusCode).toBe(201);
    for (const socket of [...newest, bob.socket]) {
      expect((await socket.next('new_post')).data.postId).toBe(post.json().id);
    }
    await admitted();
    for (const socket of [...newest, bob.socket]) {
      await socket.expectNoneBeforeReply();
      expect(socket.closeInfo).toBeUndefined();
    }
  });

  it('a socket the registry failed to count is counted at the next check, and is then the oldest', async () => {
    const ada = await signedInUser(t.app);
    const { hub, registry } = t.app.realtimeHub;
    const admit = registry.admit;
    registry.admit = async () => {
      registry.admit = admit;
      throw new Error('database unreachable');
    };
    const sockets: TestSocket[] = [];
    for (let i = 0; i < cap + 1; i++) {
      const socket = await openSocket(t.app, ada.cookie);
      open.push(socket);
      sockets.push(socket);
    }
    await admitted();
    // Ten counted: none past the cap yet (a close frame would come before the reply).
    await sockets[0]!.expectNoneBeforeReply();
    expect(sockets[0]!.closeInfo).toBeUndefined();
    hub.recount();
    expect((await sockets[0]!.waitClose()).code).toBe(CLOSE_CODES.replaced);
    await admitted();
    for (const socket of sockets.slice(1)) {
      await socket.expectNoneBeforeReply();
      expect(socket.closeInfo).toBeUndefined();
    }
  });

  it('a closed socket frees its place', async () => {
    const ada = await signedInUser(t.app);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < cap; i++) {
      const socket = await openSocket(t.app, ada.cookie);
      open.push(socket);
      sockets.push(socket);
    }
    // One in the middle: had it stayed counted, the next would close the oldest.
    await sockets.splice(cap / 2, 1)[0]!.close();
    await expect.poll(() => t.app.realtimeHub.hub.sockets.size).toBe(cap - 1);
    const another = await openSocket(t.app, ada.cookie);
    open.push(another);
    sockets.push(another);
    // Counted, and any socket past the cap told to close (a close frame is written before the reply).
    await admitted();
    for (const socket of sockets) {
      await socket.expectNoneBeforeReply();
      expect(socket.closeInfo).toBeUndefined();
    }
  });
});

describe('sessions', () => {
  it('signing out (POST /api/auth/logout) closes that session sockets with 4001, not others', async () => {
    const ada = track(await socketUser(t.app));
    const adaElsewhere = track(await socketUser(t.app, { user: ada.user }));
    const res = await ada.as.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(await ada.socket.waitClose()).toEqual({ code: CLOSE_CODES.sessionEnded, reason: 'Session ended' });
    // The logout answered after its session event closed the sockets (at once, in the hub): had it closed
    // this one too, the answer to a later request could not come.
    await adaElsewhere.socket.expectNoneBeforeReply();
    expect(adaElsewhere.socket.closeInfo).toBeUndefined();
  });

  it('ending a device in Signed-in devices, changing or resetting the password close those sockets', async () => {
    const ada = track(await socketUser(t.app));
    const phone = track(await socketUser(t.app, { user: ada.user }));
    const laptop = track(await socketUser(t.app, { user: ada.user }));
    const list = (await ada.as.get('/api/auth/sessions')).json() as { id: string; current: boolean }[];
    const others = list.filter((s) => !s.current);
    expect(others).toHaveLength(2);
    // The phone's session, by the id the list gives (which one is which does not matter here).
    expect((await ada.as.delete(`/api/auth/sessions/${others[0]!.id}`)).statusCode).toBe(204);
    const first = await Promise.race([phone, laptop].map((p) => p.socket.waitClose().then(() => p)));
    expect(first.socket.closeInfo?.code).toBe(CLOSE_CODES.sessionEnded);
    const left = first === phone ? laptop : phone;
    // A password change ends the other one left, not this one.
    const changed = await ada.as.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect((await left.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    await ada.socket.expectNoneBeforeReply();
    expect(ada.socket.closeInfo).toBeUndefined();
    // A reset from a mailed link ends every session, this one too.
    const token = 'r'.repeat(43);
    await t.app.db.insert(passwordResetTokens).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: ada.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a third long passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ada.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
  });

  it('signing out with GET /api/logout closes the socket too', async () => {
    const ada = track(await socketUser(t.app));
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: ada.cookie } });
    expect(res.statusCode).toBe(302);
    expect((await ada.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
  });

  it('the periodic check closes sockets of expired or deleted sessions (one query)', async () => {
    const expired = track(await socketUser(t.app));
    const gone = track(await socketUser(t.app));
    const fine = track(await socketUser(t.app));
    const keyOf = (cookie: string) => t.app.sessions.keyOf(cookie.split('=')[1]!);
    await t.app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, keyOf(expired.cookie)));
    await t.app.db.delete(sessions).where(eq(sessions.sid, keyOf(gone.cookie)));
    await t.app.realtimeHub.hub.checkSessions();
    expect((await expired.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    expect((await gone.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    expect(fine.socket.closeInfo).toBeUndefined();
  });

  it('a session past its absolute limit counts as ended', async () => {
    const old = track(await socketUser(t.app));
    const sid = t.app.sessions.keyOf(old.cookie.split('=')[1]!);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.sid, sid));
    await t.app.db
      .update(sessions)
      .set({ sess: { ...row!.sess, createdAt: Date.now() - 31 * 24 * 60 * 60 * 1000 } })
      .where(eq(sessions.sid, sid));
    await t.app.realtimeHub.hub.checkSessions();
    expect((await old.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
  });
});
