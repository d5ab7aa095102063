// Notifications about content (issue 27; DECISIONS §10): `mention` (posts and comments), `reply` (a comment
// on one's post), `message` (a direct message, whatever the level) and `new_post` (members on "every post"),
// written with their post, comment or message, once each, never to someone who cannot read it; the
// recipients' sockets hear their new unread count.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotifyLevel } from '../../common/notifications.ts';
import { notificationsPage } from '../../common/schemas/notifications.ts';
import { notifications, timelineMembers, timelines, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import { expectQuiet, socketUser } from '../test/ws.ts';

const t = setupTestApp();

async function cast() {
  const owner = await signedInUser(t.app, { displayName: 'Olive' });
  const pat = await signedInUser(t.app, { displayName: 'Pat' });
  const pia = await signedInUser(t.app, { displayName: 'Pia' });
  const vic = await signedInUser(t.app, { displayName: 'Vic' });
  const ann = await signedInUser(t.app, { displayName: 'Ann' });
  const outsider = await signedInUser(t.app, { displayName: 'Otto' });
  const tl = await buildThreadline(t.app.db, owner.user, { name: 'Garden club' });
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, pia.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  await addMember(t.app.db, tl, ann.user, 'participant');
  return { owner, pat, pia, vic, ann, outsider, tl };
}
type Person = Awaited<ReturnType<typeof signedInUser>>;

const setLevel = (timelineId: string, who: Person, level: NotifyLevel) =>
  t.app.db
    .update(timelineMembers)
    .set({ notifyLevel: level })
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, who.user.id)));

/** Everyone's notifications about one threadline: "type user" lines, sorted. */
async function told(timelineId: string, cast: Record<string, unknown>) {
  const people = Object.entries(cast).filter((e): e is [string, Person] => 'cookie' in (e[1] as object));
  const byId = new Map(people.map(([name, p]) => [p.user.id, name]));
  const rows = await t.app.db
    .select({ type: notifications.type, userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.timelineId, timelineId));
  return rows.map((r) => `${r.type} ${byId.get(r.userId) ?? r.userId}`).sort();
}

async function post(who: Person, timelineId: string, content: string, mentions?: string[]) {
  const res = await who.as.post('/api/posts', { timelineId, content, ...(mentions && { mentions }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
async function comment(who: Person, postId: string, content: string, mentions?: string[]) {
  const res = await who.as.post('/api/comments', { postId, content, ...(mentions && { mentions }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
async function inbox(who: Person) {
  const res = await who.as.get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return notificationsPage.parse(res.json());
}

describe('a new post', () => {
  it('tells each mentioned reader once, with the text, the actor and a link to the post', async () => {
    const c = await cast();
    const p = await post(c.owner, c.tl.id, 'Seeds are in, @Pat!\nCome by.', [c.pat.user.id, c.pat.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention pat']);
    const page = await inbox(c.pat);
    expect(page.unreadCount).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        type: 'mention',
        text: 'Olive mentioned you in Garden club: “Seeds are in, @Pat! Come by.”',
        href: `/timeline/${c.tl.id}?post=${p.id}`,
        timelineId: c.tl.id,
        actor: { id: c.owner.user.id, name: 'Olive', profileImageUrl: null },
        readAt: null,
      }),
    ]);
  });

  it('follows each member’s level: "Nothing" hears nothing, "Every post" hears of every post', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.pat, 'none');
    await setLevel(c.tl.id, c.pia, 'all');
    await setLevel(c.tl.id, c.vic, 'all');
    await setLevel(c.tl.id, c.owner, 'all');
    // Pat (Nothing) is mentioned, Vic (every post) too: Vic hears of the mention only; Ann ('mentions',
    // the default) hears nothing; the author nothing, whatever their own level.
    await post(c.owner, c.tl.id, '@Pat @Vic', [c.pat.user.id, c.vic.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention vic', 'new_post pia']);
    const [item] = (await inbox(c.pia)).items;
    expect(item).toMatchObject({ type: 'new_post', text: 'Olive posted in Garden club: “@Pat @Vic”' });
  });

  it('a post of media alone quotes nothing; the author mentioning themself hears nothing', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.pia, 'all');
    await post(c.owner, c.tl.id, 'note to @Olive', [c.owner.user.id]);
    await t.app.db.delete(notifications).where(eq(notifications.timelineId, c.tl.id));
    // The text a notification quotes comes from the post: none for a post without text.
    const { postNotifications } = await import('../notifications/content.ts');
    const created = await postNotifications(
      t.app.db,
      { actorId: c.owner.user.id, actorName: 'Olive', timelineId: c.tl.id, timelineName: 'Garden club' },
      { id: (await buildPost(t.app.db, c.tl, c.owner.user)).id, content: null },
      [],
      new Map([[c.pia.user.id, { id: c.pia.user.id, level: 'all' as const, as: '@Pia' }]]),
      { isNew: true },
    );
    expect(created.map((n) => n.text)).toEqual(['Olive posted in Garden club']);
  });

  it('never reaches someone who cannot read it: outsiders, forged ids, removed and blocked people', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.ann, 'all');
    const removed = await c.owner.as.delete(`/api/timelines/${c.tl.id}/members/${c.ann.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await post(c.owner, c.tl.id, '@Otto @Ann @Pat', [
      c.outsider.user.id,
      c.ann.user.id,
      crypto.randomUUID(),
      c.pat.user.id,
    ]);
    expect((await told(c.tl.id, c)).filter((l) => !l.startsWith('removed'))).toEqual(['mention pat']);
    expect((await inbox(c.outsider)).unreadCount).toBe(0);
  });

  it('in an archived threadline nothing is posted, so no one is told', async () => {
    const c = await cast();
    await t.app.db.update(timelines).set({ archivedAt: new Date() }).where(eq(timelines.id, c.tl.id));
    const res = await c.owner.as.post('/api/posts', {
      timelineId: c.tl.id,
      content: '@Pat',
      mentions: [c.pat.user.id],
    });
    expect(res.statusCode).toBe(403);
    expect(await told(c.tl.id, c)).toEqual([]);
  });

  it('its deletion takes its notifications along, and their counts fall', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.pia, 'all');
    const p = await post(c.owner, c.tl.id, '@Pat', [c.pat.user.id]);
    await comment(c.pat, p.id, 'thanks @Olive', [c.owner.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention owner', 'mention pat', 'new_post pia']);
    expect((await c.owner.as.delete(`/api/posts/${p.id}`)).statusCode).toBe(200);
    expect(await told(c.tl.id, c)).toEqual([]);
    expect((await inbox(c.pat)).unreadCount).toBe(0);
  });
});

describe('a new comment', () => {
  it('tells the post’s author (reply) and each mentioned reader (mention), once each', async () => {
    const c = await cast();
    const p = await buildPost(t.app.db, c.tl, c.pat.user, { content: 'My tomatoes' });
    const made = await comment(c.owner, p.id, 'Lovely, @Pia look', [c.pia.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention pia', 'reply pat']);
    const [reply] = (await inbox(c.pat)).items;
    expect(reply).toMatchObject({
      type: 'reply',
      text: 'Olive commented on your post in Garden club: “Lovely, @Pia look”',
      href: `/timeline/${c.tl.id}?post=${p.id}&comment=${made.id}`,
    });
    expect((await inbox(c.pia)).items[0]).toMatchObject({
      type: 'mention',
      href: `/timeline/${c.tl.id}?post=${p.id}&comment=${made.id}`,
    });
  });

  it('the author mentioned in it hears of the mention alone; no reply to one’s own post', async () => {
    const c = await cast();
    const p = await buildPost(t.app.db, c.tl, c.pat.user);
    await comment(c.owner, p.id, '@Pat yes', [c.pat.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention pat']);
    await comment(c.pat, p.id, 'my own');
    expect(await told(c.tl.id, c)).toEqual(['mention pat']);
  });

  it('no reply to an author on "Nothing", nor to one who left', async () => {
    const c = await cast();
    const quiet = await buildPost(t.app.db, c.tl, c.pat.user);
    await setLevel(c.tl.id, c.pat, 'none');
    await comment(c.owner, quiet.id, 'hm');
    const gone = await buildPost(t.app.db, c.tl, c.pia.user);
    await c.pia.as.delete(`/api/timelines/${c.tl.id}/members/leave`);
    await comment(c.owner, gone.id, 'hm');
    expect(await told(c.tl.id, c)).toEqual([]);
  });

  it('"Every post" does not mean every comment', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.vic, 'all');
    const p = await buildPost(t.app.db, c.tl, c.owner.user);
    await comment(c.pat, p.id, 'hi');
    expect(await told(c.tl.id, c)).toEqual(['reply owner']);
  });
});

describe('a direct message', () => {
  it('tells its recipient whatever their level, once; a mention in it adds nothing', async () => {
    const c = await cast();
    await setLevel(c.tl.id, c.pat, 'none');
    const id = (
      await c.owner.as.post('/api/conversations', { timelineId: c.tl.id, recipientId: c.pat.user.id })
    ).json().id as string;
    const res = await c.owner.as.post(`/api/conversations/${id}/messages`, {
      content: 'Hi @Pat',
      mentions: [c.pat.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await told(c.tl.id, c)).toEqual(['message pat']);
    expect((await inbox(c.pat)).items[0]).toMatchObject({
      type: 'message',
      text: 'Olive sent you a message in Garden club: “Hi @Pat”',
      href: `/messages?conversation=${id}`,
    });
    await c.pat.as.post(`/api/conversations/${id}/messages`, { content: 'Hello' });
    await c.owner.as.post(`/api/conversations/${id}/messages`, { content: 'again' });
    // One per message: mail batches a conversation's (issue 27).
    expect(await told(c.tl.id, c)).toEqual(['message owner', 'message pat', 'message pat']);
  });
});

describe('an edit', () => {
  it('tells only people it newly mentions, once ever per post, also when retried', async () => {
    const c = await cast();
    const p = await post(c.owner, c.tl.id, '@Pat', [c.pat.user.id]);
    const edit = (content: string, mentions?: string[]) =>
      c.owner.as.patch(`/api/posts/${p.id}`, { content, ...(mentions && { mentions }) });
    expect((await edit('@Pat @Pia', [c.pat.user.id, c.pia.user.id])).statusCode).toBe(200);
    expect(await told(c.tl.id, c)).toEqual(['mention pat', 'mention pia']);
    // The same edit again; Pia dropped and named again: nothing new.
    await edit('@Pat @Pia', [c.pat.user.id, c.pia.user.id]);
    await edit('@Pat', [c.pat.user.id]);
    await edit('@Pat @Pia', [c.pat.user.id, c.pia.user.id]);
    expect(await told(c.tl.id, c)).toEqual(['mention pat', 'mention pia']);
    const [item] = (await inbox(c.pia)).items;
    expect(item).toMatchObject({ text: 'Olive mentioned you in Garden club: “@Pat @Pia”' });
  });

  it('of a comment tells only the newly mentioned; never a second reply', async () => {
    const c = await cast();
    const p = await buildPost(t.app.db, c.tl, c.pat.user);
    const made = await comment(c.owner, p.id, 'hi');
    await setLevel(c.tl.id, c.ann, 'none');
    const res = await c.owner.as.patch(`/api/comments/${made.id}`, {
      content: 'hi @Pia @Ann @Pat',
      mentions: [c.pia.user.id, c.ann.user.id, c.pat.user.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Pat had the reply already; now mentioned, Pat hears of that too.
    expect(await told(c.tl.id, c)).toEqual(['mention pat', 'mention pia', 'reply pat']);
  });
});

describe('sockets', () => {
  it('the recipients hear their unread count; someone not told hears nothing', async () => {
    const c = await cast();
    const pat = await socketUser(t.app, { user: c.pat.user });
    const ann = await socketUser(t.app, { user: c.ann.user });
    try {
      await post(c.owner, c.tl.id, '@Pat', [c.pat.user.id]);
      expect(await pat.socket.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });
      await comment(c.owner, (await buildPost(t.app.db, c.tl, c.pat.user)).id, 'nice');
      expect(await pat.socket.next('notifications')).toEqual({ type: 'notifications', unreadCount: 2 });
      await expectQuiet(t.app, [ann], { unwanted: 'notifications' });
    } finally {
      await Promise.all([pat.socket.close(), ann.socket.close()]);
    }
  });
});

describe('names in texts', () => {
  it('are the names others see, as they were when written', async () => {
    const c = await cast();
    await t.app.db
      .update(users)
      .set({ displayName: null, firstName: 'Olivia', lastName: 'Owens' })
      .where(eq(users.id, c.owner.user.id));
    await post(c.owner, c.tl.id, '@Pat', [c.pat.user.id]);
    expect((await inbox(c.pat)).items[0]!.text).toBe('Olivia Owens mentioned you in Garden club: “@Pat”');
  });
});
