// "Delete my account" (issue 26; DECISIONS §10): DELETE /api/me {password, confirmEmail}. The refusals
// (visitor, typed address, password and its limit, owned threadlines, a renewing plan, a stale OIDC sign-in),
// then the whole deletion: tombstones shown as "Deleted user" with nothing of the old name anywhere the
// others look, conversations gone for both, files gone from the store and their bytes released, every
// session ended and its sockets closed, the address free for a new sign-up, and the mail that confirms it
// received by a real SMTP peer. The races are in delete-account-races.*.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRM_EMAIL_MISMATCH,
  DELETE_CONFIRM_WORD,
  DELETE_OWNS_THREADLINES,
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  DELETE_REAUTH_REQUIRED,
  DELETE_SUBSCRIPTION_RENEWS,
} from '../../common/account.ts';
import { DELETED_USER_NAME } from '../../common/names.ts';
import { CLOSE_CODES } from '../../common/realtime-constants.ts';
import { insertSubscription, syncUserPlan } from '../billing/subscriptions.ts';
import {
  comments,
  conversations,
  emailTokens,
  messages,
  notifications,
  passwordResetTokens,
  posts,
  reactions,
  sessions,
  subscriptions,
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  timelines,
  uploads,
  users,
} from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildConversation,
  buildMessage,
  buildPost,
  buildReaction,
  buildThreadline,
  callerFor,
  cookieFor,
  signedInUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { MAIL_PUBLIC_URL, recipientOf, type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { storageUsed, storedUpload } from '../test/stored-uploads.ts';
import { openTestStorage, type TestStorage } from '../test/uploads.ts';
import { expectQuiet, socketUser } from '../test/ws.ts';

// The app sends its mail to a real SMTP peer and keeps its files in a DATA_DIR of its own.
const t = {} as TestApp & { storage: TestStorage };
const peer = {} as SmtpPeer;
beforeAll(async () => {
  Object.assign(peer, await startSmtpPeer());
  const storage = await openTestStorage('local');
  const env = { ...storage.env, SMTP_URL: peer.url, PUBLIC_URL: MAIL_PUBLIC_URL, TRUST_PROXY: '127.0.0.1' };
  Object.assign(t, await buildTestApp(env, { mailWorker: true }), { storage });
});
afterAll(async () => {
  await t.close?.();
  await t.storage?.close();
  await peer.close?.();
});

let clientNo = 0;
/** A client address of its own per sign-up, so the registration limit does not carry over. */
const nextClient = () => `198.51.100.${++clientNo}`;

const deleteMe = (cookie: string | undefined, body: object) =>
  callerFor(t.app, cookie).delete('/api/me', body);
const confirmFor = (user: { email: string | null }) => ({
  password: TEST_PASSWORD,
  confirmEmail: user.email!,
});
const cookieCleared = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === 'tl_session' && c.value === '' && (c.maxAge === 0 || !!c.expires));
const userRow = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('refusals', () => {
  it('a visitor gets 401', async () => {
    const res = await deleteMe(undefined, { password: TEST_PASSWORD, confirmEmail: 'a@example.test' });
    expect(res.statusCode).toBe(401);
  });

  it('the typed address must be the account’s (any case); nothing changes otherwise', async () => {
    const ada = await signedInUser(t.app);
    for (const confirmEmail of ['', 'someone-else@example.test', `${ada.user.email} x`]) {
      const res = await deleteMe(ada.cookie, { password: TEST_PASSWORD, confirmEmail });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: CONFIRM_EMAIL_MISMATCH,
        errors: [{ path: 'confirmEmail', message: CONFIRM_EMAIL_MISMATCH }],
      });
    }
    expect((await ada.as.get('/api/auth/user')).statusCode).toBe(200);
    expect((await userRow(ada.user.id)).deletedAt).toBeNull();
    // Upper case and surrounding spaces are the same address.
    const res = await deleteMe(ada.cookie, {
      password: TEST_PASSWORD,
      confirmEmail: `  ${ada.user.email!.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(204);
  });

  it('needs the right password; wrong ones are counted and run out', async () => {
    const ada = await signedInUser(t.app);
    const missing = await deleteMe(ada.cookie, { confirmEmail: ada.user.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: DELETE_PASSWORD_REQUIRED });
    const wrong = await deleteMe(ada.cookie, { password: 'not my password', confirmEmail: ada.user.email });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: DELETE_PASSWORD_WRONG,
      errors: [{ path: 'password', message: DELETE_PASSWORD_WRONG }],
    });
    // CHANGE_PASSWORD_LIMIT: 10 wrong passwords a quarter of an hour, whichever form they were typed in.
    for (let i = 0; i < 8; i++) {
      expect(
        (await deleteMe(ada.cookie, { password: `guess ${i}`, confirmEmail: ada.user.email })).statusCode,
      ).toBe(400);
    }
    const change = await ada.as.post('/api/auth/change-password', {
      currentPassword: 'guess 9',
      newPassword: 'a brand new passphrase',
    });
    expect(change.statusCode).toBe(400);
    const limited = await deleteMe(ada.cookie, confirmFor(ada.user));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().retryAfter).toBeGreaterThan(0);
    expect((await userRow(ada.user.id)).deletedAt).toBeNull();
  });

  it('refuses an owner of a live threadline until it is deleted or handed over', async () => {
    const ada = await signedInUser(t.app, { displayName: 'Ada' });
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    const kept = await buildThreadline(t.app.db, ada.user, { name: 'Kept' });
    const gone = await buildThreadline(t.app.db, ada.user, { name: 'Gone' });
    await addMember(t.app.db, kept, bob.user);
    const refused = await deleteMe(ada.cookie, confirmFor(ada.user));
    expect(refused.statusCode).toBe(409);
    // Nothing of the threadlines is named, only what to do.
    expect(refused.json()).toEqual({ message: DELETE_OWNS_THREADLINES });
    expect((await ada.as.delete(`/api/timelines/${gone.id}`)).statusCode).toBe(200);
    expect((await deleteMe(ada.cookie, confirmFor(ada.user))).statusCode).toBe(409);
    // Handed over: Ada becomes a moderator there and may go.
    expect(
      (await ada.as.post(`/api/timelines/${kept.id}/transfer`, { userId: bob.user.id })).statusCode,
    ).toBe(200);
    expect((await bob.as.post(`/api/timelines/${kept.id}/transfer/accept`)).statusCode).toBe(200);
    expect((await deleteMe(ada.cookie, confirmFor(ada.user))).statusCode).toBe(204);
    const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, kept.id));
    expect(row).toMatchObject({ ownerId: bob.user.id, deletedAt: null });
  });

  it('refuses while a paid plan renews; once it is set to end, the account can go', async () => {
    const ada = await signedInUser(t.app);
    const [sub] = await t.app.db.transaction(async (tx) => {
      const row = await insertSubscription(tx, {
        userId: ada.user.id,
        provider: 'sandbox',
        plan: 'pro',
        billingPeriod: 'monthly',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
      });
      await syncUserPlan(tx, ada.user.id);
      return [row];
    });
    const refused = await deleteMe(ada.cookie, confirmFor(ada.user));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: DELETE_SUBSCRIPTION_RENEWS });
    await t.app.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, sub!.id));
    expect((await deleteMe(ada.cookie, confirmFor(ada.user))).statusCode).toBe(204);
    expect((await userRow(ada.user.id)).plan).toBe('free');
  });
});

describe('deleting the account', () => {
  it('leaves tombstones as "Deleted user", removes the rest for good, and mails the old address', async () => {
    const secrets = { first: 'Adaline', last: 'Lovelacey', display: 'Countess Ada', bio: 'Poetical science' };
    const ada = await signedInUser(t.app, {
      firstName: secrets.first,
      lastName: secrets.last,
      displayName: secrets.display,
      bio: secrets.bio,
    });
    const email = ada.user.email!;
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    const club = await buildThreadline(t.app.db, bob.user, { name: 'Garden Club' });
    await addMember(t.app.db, club, ada.user, 'moderator');
    // Ada's files: an avatar, a photo in a post, an unfinished upload, and the cover she set on a threadline
    // she has since handed to Bob.
    const avatar = await storedUpload(t.app, ada.user.id, {
      category: 'avatar',
      status: 'attached',
      extra: { avatarOf: ada.user.id },
    });
    await t.app.db.update(users).set({ profileImageUrl: avatar.path }).where(eq(users.id, ada.user.id));
    const photo = await storedUpload(t.app, ada.user.id, { status: 'attached' });
    const pending = await storedUpload(t.app, ada.user.id, { status: 'pending' });
    const cover = await storedUpload(t.app, ada.user.id, {
      status: 'attached',
      extra: { category: 'cover', timelineId: club.id },
    });
    await t.app.db.update(timelines).set({ coverImageUrl: cover.path }).where(eq(timelines.id, club.id));
    const bobsFile = await storedUpload(t.app, bob.user.id, { category: 'document' });
    expect(await storageUsed(t.app, ada.user.id)).toBeGreaterThan(0);

    const adasPost = await buildPost(t.app.db, club, ada.user, {
      content: 'Tomatoes by Countess Ada',
      type: 'image',
      mediaUrl: photo.path,
    });
    await t.app.db
      .update(uploads)
      .set({ postId: adasPost.id, timelineId: club.id })
      .where(eq(uploads.id, photo.row.id));
    await t.app.db.update(timelines).set({ pinnedPostId: adasPost.id }).where(eq(timelines.id, club.id));
    const bobsPost = await buildPost(t.app.db, club, bob.user, { content: 'Roses' });
    const bobsComment = await buildComment(t.app.db, adasPost, bob.user, { content: 'Lovely, Ada' });
    await buildReaction(t.app.db, adasPost, bob.user);
    const adasComment = await buildComment(t.app.db, bobsPost, ada.user, { content: 'Mine are redder' });
    const bobsReply = await buildComment(t.app.db, bobsPost, bob.user, {
      content: 'Bob again',
      parentId: adasComment.id,
    });
    await buildReaction(t.app.db, bobsPost, ada.user, '\u{1F600}');
    await t.app.db
      .insert(reactions)
      .values({ commentId: adasComment.id, userId: bob.user.id, emoji: '\u{1F44D}' });
    const talk = await buildConversation(t.app.db, club, bob.user, ada.user);
    await buildMessage(t.app.db, talk, bob.user, { content: 'Hi there' });
    await buildMessage(t.app.db, talk, ada.user, { content: 'Secret from Countess Ada' });
    // A pending request elsewhere, a block in a third threadline, an ownership offer, open links.
    const elsewhere = await buildThreadline(t.app.db, bob.user, { name: 'Elsewhere' });
    await t.app.db.insert(timelineJoinRequests).values({ timelineId: elsewhere.id, userId: ada.user.id });
    const third = await buildThreadline(t.app.db, bob.user, { name: 'Third' });
    await t.app.db.insert(timelineBlockedUsers).values({ timelineId: third.id, userId: ada.user.id });
    await t.app.db.update(timelines).set({ pendingOwnerId: ada.user.id }).where(eq(timelines.id, club.id));
    await t.app.db.insert(passwordResetTokens).values({
      tokenHash: 'a'.repeat(64),
      userId: ada.user.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await t.app.db.insert(emailTokens).values({
      tokenHash: 'b'.repeat(64),
      userId: ada.user.id,
      purpose: 'verify',
      email,
      expiresAt: new Date(Date.now() + 3600_000),
    });

    // Ada on two devices, one with a socket open; Bob follows the club.
    const phone = await cookieFor(t.app, ada.user);
    const adaLive = await socketUser(t.app, { user: ada.user });
    const bobLive = await socketUser(t.app, { user: bob.user });
    await bobLive.socket.subscribe(club.id);

    const res = await deleteMe(ada.cookie, confirmFor(ada.user));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(cookieCleared(res)).toBe(true);

    // Every session ended: the cookies answer 401 and the open socket closed.
    for (const cookie of [ada.cookie, phone, adaLive.cookie]) {
      expect((await callerFor(t.app, cookie).get('/api/auth/user')).statusCode).toBe(401);
    }
    expect((await adaLive.socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    const leftEvent = await bobLive.socket.next('timeline_updated', {
      where: (m) => m.data.change === 'member_left' && m.data.timelineId === club.id,
    });
    expect(leftEvent.data.userId).toBe(ada.user.id);
    expect(leftEvent.data.message).toContain(DELETED_USER_NAME);
    // Bob's open page reads its feed, comments and conversations again (no card: no author name in it).
    const changed = await bobLive.socket.next('timeline_updated', {
      where: (m) => m.data.change === 'account_deleted' && m.data.timelineId === club.id,
    });
    for (const secret of Object.values(secrets)) expect(changed.data.message).not.toContain(secret);
    expect(
      await t.app.db.select().from(sessions).where(sql`(${sessions.sess}->>'userId')::uuid = ${ada.user.id}`),
    ).toEqual([]);

    // The row stays, anonymised.
    const row = await userRow(ada.user.id);
    expect(row).toMatchObject({
      email: null,
      firstName: null,
      lastName: null,
      displayName: DELETED_USER_NAME,
      bio: null,
      profileImageUrl: null,
      passwordHash: null,
      oidcSubject: null,
      emailVerifiedAt: null,
      plan: 'free',
      storageUsedBytes: 0,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);

    // Bob's feed: Ada's post is a tombstone by "Deleted user", unpinned, without its comments and reactions.
    const feed = await bob.as.get(`/api/timelines/${club.id}/posts`);
    expect(feed.statusCode).toBe(200);
    const shown = feed.json() as Array<
      Record<string, unknown> & { id: string; author: { displayName: string } }
    >;
    const tomb = shown.find((p) => p.id === adasPost.id)!;
    expect(tomb).toMatchObject({
      content: null,
      mediaUrl: null,
      commentCount: 0,
      reactionCounts: {},
      isPinned: false,
      author: {
        id: ada.user.id,
        displayName: DELETED_USER_NAME,
        firstName: null,
        lastName: null,
        email: null,
      },
    });
    expect(tomb.deletedAt).toBeTruthy();
    expect(await t.app.db.select().from(comments).where(eq(comments.id, bobsComment.id))).toEqual([]);
    // Bob's post: Ada's comment is a tombstone in its place, Bob's reply to it stays; her reaction is gone.
    const bobs = shown.find((p) => p.id === bobsPost.id)!;
    expect(bobs.reactionCounts).toEqual({});
    expect(bobs.commentCount).toBe(2);
    const thread = (await bob.as.get(`/api/posts/${bobsPost.id}/comments`)).json() as Array<{
      id: string;
      content: string;
      deletedAt?: string | null;
      author: { displayName: string | null };
    }>;
    expect(thread.map((c) => c.id)).toEqual([adasComment.id, bobsReply.id]);
    expect(thread[0]).toMatchObject({
      content: '',
      editedAt: null,
      author: { displayName: DELETED_USER_NAME },
    });
    expect(thread[0]!.deletedAt).toBeTruthy();
    expect(thread[1]).toMatchObject({ content: 'Bob again', deletedAt: null });
    expect(await t.app.db.select().from(reactions).where(eq(reactions.commentId, adasComment.id))).toEqual(
      [],
    );

    // The conversation is gone for Bob too.
    expect((await bob.as.get('/api/conversations')).json()).toEqual([]);
    expect((await bob.as.get(`/api/conversations/${talk.id}/messages`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(messages).where(eq(messages.conversationId, talk.id))).toEqual([]);
    expect(await t.app.db.select().from(conversations).where(eq(conversations.id, talk.id))).toEqual([]);

    // Memberships, requests, blocks, the offer and the links: gone.
    const club_ = (await bob.as.get(`/api/timelines/${club.id}`)).json();
    expect(club_.members.map((m: { userId: string }) => m.userId)).toEqual([bob.user.id]);
    expect(club_.timeline.pendingOwnerId).toBeNull();
    const [clubRow] = await t.app.db.select().from(timelines).where(eq(timelines.id, club.id));
    expect(clubRow).toMatchObject({ coverImageUrl: null, pinnedPostId: null, pendingOwnerId: null });
    for (const table of [timelineMembers, timelineJoinRequests, timelineBlockedUsers]) {
      expect(await t.app.db.select().from(table).where(eq(table.userId, ada.user.id))).toEqual([]);
    }
    for (const table of [passwordResetTokens, emailTokens]) {
      expect(await t.app.db.select().from(table).where(eq(table.userId, ada.user.id))).toEqual([]);
    }

    // Nothing of her name, bio or address anywhere Bob looks.
    const seen = [
      feed.body,
      JSON.stringify(thread),
      JSON.stringify(club_),
      (await bob.as.get(`/api/posts/${adasPost.id}`)).body,
      (await bob.as.get('/api/user/timelines')).body,
      JSON.stringify(bobLive.socket.received),
    ].join('\n');
    for (const secret of [secrets.first, secrets.last, secrets.display, secrets.bio, email, 'Countess']) {
      expect(seen).not.toContain(secret);
    }

    // Her files left the store and the quota; Bob's file stayed.
    expect(await t.app.db.select().from(uploads).where(eq(uploads.ownerId, ada.user.id))).toEqual([]);
    for (const file of [avatar, photo, pending, cover])
      expect(await t.app.store.head(file.row.key)).toBeNull();
    expect(await t.app.store.head(bobsFile.row.key)).not.toBeNull();
    expect(await storageUsed(t.app, ada.user.id)).toBe(0);

    // The old address and password sign nobody in; the address makes a new account at once.
    const headers = { 'x-forwarded-for': nextClient() };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
      headers,
    });
    expect(login.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a fresh start at last', firstName: 'New' },
      headers,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(ada.user.id);

    // One mail confirms it, to the old address; the new sign-up's confirmation is the only other one.
    const mails = await peer.waitForMailTo(email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Confirm your e-mail address',
      'Your Threadline account was deleted',
    ]);
    // Whatever was still queued has gone out by now: still those two.
    await t.app.mail.worker.drain();
    expect(peer.received.filter((m) => recipientOf(m) === email)).toHaveLength(2);
    const goodbye = mails.find((m) => m.subject === 'Your Threadline account was deleted');
    expect(recipientOf(goodbye!)).toBe(email);
    expect(goodbye!.text).toContain(`Hello ${secrets.display},`);
    expect(goodbye!.text).toMatch(/why|because/i);
    expect(goodbye!.html).toContain('Your Threadline account was deleted on');

    // Nothing arrived on Bob's socket with her name (checked above); nothing more is on its way either.
    await expectQuiet(t.app, [bobLive], { unwanted: (m) => JSON.stringify(m).includes(secrets.display) });
    await bobLive.socket.close();
  });

  it('a deleted account cannot be found or act again', async () => {
    const ada = await signedInUser(t.app, { displayName: 'Ada' });
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    const club = await buildThreadline(t.app.db, bob.user);
    await addMember(t.app.db, club, ada.user);
    expect((await deleteMe(ada.cookie, confirmFor(ada.user))).statusCode).toBe(204);
    // A session made afterwards (one that was being signed in while the account went) resolves to no one.
    const late = await cookieFor(t.app, ada.user);
    expect((await callerFor(t.app, late).get('/api/auth/user')).statusCode).toBe(401);
    // Nobody can hand the account a threadline, and a second delete finds no one.
    const offer = await bob.as.post(`/api/timelines/${club.id}/transfer`, { userId: ada.user.id });
    expect(offer.statusCode).toBe(404);
    expect(
      (await deleteMe(late, { password: TEST_PASSWORD, confirmEmail: DELETE_CONFIRM_WORD })).statusCode,
    ).toBe(401);
    expect(
      await t.app.db
        .select()
        .from(posts)
        .where(and(eq(posts.authorId, ada.user.id), isNull(posts.deletedAt))),
    ).toEqual([]);
  });
  it('takes the notifications it caused from the others’ inboxes, and its own inbox and push devices', async () => {
    const ada = await signedInUser(t.app, { displayName: 'Ada' });
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    const club = await buildThreadline(t.app.db, bob.user);
    await addMember(t.app.db, club, ada.user);
    // Ada mentions Bob (the text is quoted in his notification); Bob's reply notifies Ada.
    const post = await ada.as.post('/api/posts', {
      timelineId: club.id,
      content: 'Hello @Bob, a secret plan',
      mentions: [bob.user.id],
    });
    expect(post.statusCode).toBe(201);
    expect((await bob.as.post('/api/comments', { postId: post.json().id, content: 'Hi' })).statusCode).toBe(
      201,
    );
    const inbox = async (c: typeof bob) => (await c.as.get('/api/notifications')).json();
    expect((await inbox(bob)).items.map((n: { type: string }) => n.type)).toEqual(['mention']);
    const bobLive = await socketUser(t.app, { user: bob.user });
    expect((await deleteMe(ada.cookie, confirmFor(ada.user))).statusCode).toBe(204);
    // Bob's bell hears the new count, and nothing of Ada's text is left in his inbox.
    expect(await bobLive.socket.next('notifications')).toMatchObject({ unreadCount: 0 });
    expect(await inbox(bob)).toMatchObject({ items: [], unreadCount: 0 });
    const left = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(or(eq(notifications.userId, ada.user.id), eq(notifications.actorId, ada.user.id)));
    expect(left).toEqual([]);
    await bobLive.socket.close();
  });
});

describe('with OpenID Connect', () => {
  const oidc = {} as TestApp;
  beforeAll(async () => {
    // No provider is contacted: the sessions are made directly, as a sign-in through it would make them.
    Object.assign(
      oidc,
      await buildTestApp({
        AUTH_PROVIDER: 'oidc',
        OIDC_ISSUER_URL: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'threadline',
        OIDC_CLIENT_SECRET: 'secret',
        PUBLIC_URL: MAIL_PUBLIC_URL,
      }),
    );
  });
  afterAll(async () => {
    await oidc.close?.();
  });

  it('needs a sign-in of the last 10 minutes instead of a password, and the typed address', async () => {
    const ada = await signedInUser(oidc.app, { oidcSubject: `issuer|${Math.random()}`, passwordHash: null });
    const as = callerFor(oidc.app, ada.cookie);
    // Signed in 11 minutes ago: sign in again first.
    await oidc.app.db.execute(sql`update sessions set sess = jsonb_set(sess, '{createdAt}',
      to_jsonb(${Date.now() - 11 * 60_000}::bigint)) where (sess->>'userId')::uuid = ${ada.user.id}`);
    const stale = await as.delete('/api/me', { confirmEmail: ada.user.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ message: DELETE_REAUTH_REQUIRED, reauthenticate: true });
    // A fresh sign-in: no password asked (one sent is ignored), the address still is.
    const fresh = await cookieFor(oidc.app, ada.user);
    const wrong = await callerFor(oidc.app, fresh).delete('/api/me', { confirmEmail: 'other@example.test' });
    expect(wrong.statusCode).toBe(400);
    const res = await callerFor(oidc.app, fresh).delete('/api/me', { confirmEmail: ada.user.email });
    expect(res.statusCode).toBe(204);
    expect((await oidc.app.db.select().from(users).where(eq(users.id, ada.user.id)))[0]).toMatchObject({
      oidcSubject: null,
      email: null,
    });
  });

  it('an account without an address types DELETE', async () => {
    const nameless = await signedInUser(oidc.app, { email: null, passwordHash: null });
    const as = callerFor(oidc.app, nameless.cookie);
    expect((await as.delete('/api/me', { confirmEmail: 'delete' })).statusCode).toBe(400);
    expect((await as.delete('/api/me', { confirmEmail: DELETE_CONFIRM_WORD })).statusCode).toBe(204);
  });
});
