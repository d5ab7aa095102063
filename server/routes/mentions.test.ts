// Mentions (issue 27; DECISIONS §10): `mentions: [userId]` in the bodies of posts, comments, messages and
// their edits; stored as {id, as} only for people who can read the item and whose "@Name" the text holds;
// shown as {id, name, as} only for those who can read it now, under their current name.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageList, messageSchema } from '../../common/schemas/conversation.ts';
import { commentList, commentSchema, postDetail, postList, postSchema } from '../../common/schemas/post.ts';
import { searchResponse } from '../../common/schemas/search.ts';
import { comments, messages, posts, timelines, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, callerFor, signedInUser } from '../test/factories.ts';
import { countQueries } from '../test/query-count.ts';

const t = setupTestApp();

async function cast() {
  const owner = await signedInUser(t.app, { displayName: 'Olive Owner' });
  const pat = await signedInUser(t.app, { displayName: 'Pat' });
  const pia = await signedInUser(t.app, { displayName: 'Pia' });
  const vic = await signedInUser(t.app, { displayName: 'Vic' });
  const ann = await signedInUser(t.app, { displayName: 'Ann' });
  const outsider = await signedInUser(t.app, { displayName: 'Otto' });
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, pia.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  await addMember(t.app.db, tl, ann.user, 'participant');
  return { owner, pat, pia, vic, ann, outsider, tl };
}
type Person = Awaited<ReturnType<typeof signedInUser>>;

const storedPost = async (id: string) =>
  (await t.app.db.select({ m: posts.mentions }).from(posts).where(eq(posts.id, id)))[0]!.m;
const storedComment = async (id: string) =>
  (await t.app.db.select({ m: comments.mentions }).from(comments).where(eq(comments.id, id)))[0]!.m;
const storedMessage = async (id: string) =>
  (await t.app.db.select({ m: messages.mentions }).from(messages).where(eq(messages.id, id)))[0]!.m;

async function post(who: Person, timelineId: string, content: string, mentions?: string[]) {
  const res = await who.as.post('/api/posts', { timelineId, content, ...(mentions && { mentions }) });
  expect(res.statusCode, res.body).toBe(201);
  return postSchema.parse(res.json());
}
async function comment(who: Person, postId: string, content: string, mentions?: string[]) {
  const res = await who.as.post('/api/comments', { postId, content, ...(mentions && { mentions }) });
  expect(res.statusCode, res.body).toBe(201);
  return commentSchema.parse(res.json());
}
async function feed(who: Person, timelineId: string) {
  const res = await who.as.get(`/api/timelines/${timelineId}/posts`);
  expect(res.statusCode, res.body).toBe(200);
  return postList.parse(res.json());
}
const rename = (who: Person, displayName: string) =>
  t.app.db.update(users).set({ displayName }).where(eq(users.id, who.user.id));

describe('mentions in a new post', () => {
  it('are stored by id with the "@Name" typed, only for readers the text names; the rest are ignored', async () => {
    const { owner, pat, pia, vic, outsider, tl } = await cast();
    const forged = crypto.randomUUID();
    const created = await post(owner, tl.id, 'Hello @Pat and @Vic, and @Otto too', [
      pat.user.id,
      vic.user.id,
      // Named in the text but not a member; a made-up id; a member the text does not name.
      outsider.user.id,
      forged,
      pia.user.id,
      // Twice: kept once.
      pat.user.id,
    ]);
    expect(await storedPost(created.id)).toEqual([
      { id: pat.user.id, as: '@Pat' },
      { id: vic.user.id, as: '@Vic' },
    ]);
    const shown = [
      { id: pat.user.id, name: 'Pat', as: '@Pat' },
      { id: vic.user.id, name: 'Vic', as: '@Vic' },
    ];
    expect(created.mentions).toEqual(shown);
    expect((await feed(pia, tl.id))[0]!.mentions).toEqual(shown);
  });

  it('need the whole name: "@Ann" in "@Annabel" is not Ann; a name followed by punctuation is', async () => {
    const { owner, ann, tl } = await cast();
    const longer = await post(owner, tl.id, 'Hi @Annabel', [ann.user.id]);
    expect([longer.mentions, await storedPost(longer.id)]).toEqual([[], null]);
    const named = await post(owner, tl.id, 'Thanks, @Ann!', [ann.user.id]);
    expect(named.mentions).toEqual([{ id: ann.user.id, name: 'Ann', as: '@Ann' }]);
  });

  it('use the name others see: display name, else first and last name', async () => {
    const { owner, tl } = await cast();
    const fl = await signedInUser(t.app, { displayName: null, firstName: 'Fay', lastName: 'Lane' });
    await addMember(t.app.db, tl, fl.user, 'participant');
    const created = await post(owner, tl.id, 'cc @Fay Lane', [fl.user.id]);
    expect(created.mentions).toEqual([{ id: fl.user.id, name: 'Fay Lane', as: '@Fay Lane' }]);
  });

  it('refuse more than 50 ids and malformed ones with 400; none is fine', async () => {
    const { owner, tl } = await cast();
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    const tooMany = await owner.as.post('/api/posts', { timelineId: tl.id, content: 'x', mentions: many });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, 'At most 50 mentions']);
    for (const mentions of [['nope'], 'x', [1]]) {
      const res = await owner.as.post('/api/posts', { timelineId: tl.id, content: 'x', mentions });
      expect(res.statusCode, JSON.stringify(mentions)).toBe(400);
    }
    expect((await post(owner, tl.id, 'plain', [])).mentions).toEqual([]);
    expect((await post(owner, tl.id, 'plain')).mentions).toEqual([]);
  });

  it('visitors get 401 and outsiders 404, mentions or not', async () => {
    const { pat, outsider, tl } = await cast();
    const body = { timelineId: tl.id, content: '@Pat', mentions: [pat.user.id] };
    expect((await callerFor(t.app).post('/api/posts', body)).statusCode).toBe(401);
    expect((await outsider.as.post('/api/posts', body)).statusCode).toBe(404);
  });
});

describe('mentions as items show them', () => {
  it('carry the current name after a rename; `as` stays the text as typed', async () => {
    const { owner, pat, tl } = await cast();
    const created = await post(owner, tl.id, 'Ask @Pat', [pat.user.id]);
    await rename(pat, 'Patricia');
    const [shown] = await feed(owner, tl.id);
    expect(shown!.mentions).toEqual([{ id: pat.user.id, name: 'Patricia', as: '@Pat' }]);
    const detail = postDetail.parse((await owner.as.get(`/api/posts/${created.id}`)).json());
    expect(detail.post.mentions).toEqual(shown!.mentions);
  });

  it('drop someone who left or was removed (their "@Name" stays plain text), and keep the others', async () => {
    const { owner, pat, pia, tl } = await cast();
    const created = await post(owner, tl.id, '@Pat and @Pia', [pat.user.id, pia.user.id]);
    const c = await comment(owner, created.id, 'again @Pat', [pat.user.id]);
    expect(c.mentions).toHaveLength(1);
    expect((await pat.as.delete(`/api/timelines/${tl.id}/members/leave`)).statusCode).toBe(200);
    const [shown] = await feed(owner, tl.id);
    expect(shown!.mentions.map((m) => m.id)).toEqual([pia.user.id]);
    expect(shown!.latestComment!.mentions).toEqual([]);
    const thread = commentList.parse((await owner.as.get(`/api/posts/${created.id}/comments`)).json());
    expect(thread[0]!.mentions).toEqual([]);
    // Stored as written: they come back if they rejoin.
    expect(await storedComment(c.id)).toEqual([{ id: pat.user.id, as: '@Pat' }]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/timelines/${tl.id}/members/${pia.user.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect((await feed(owner, tl.id))[0]!.mentions).toEqual([]);
  });

  it('in an archived threadline, only its owner reads it: only their mention shows', async () => {
    const { owner, pat, pia, tl } = await cast();
    await post(pat, tl.id, '@Olive Owner and @Pia', [owner.user.id, pia.user.id]);
    await t.app.db.update(timelines).set({ archivedAt: new Date() }).where(eq(timelines.id, tl.id));
    expect((await feed(owner, tl.id))[0]!.mentions.map((m) => m.id)).toEqual([owner.user.id]);
  });

  it('a tombstone shows none and keeps none', async () => {
    const { owner, pat, tl } = await cast();
    const created = await post(owner, tl.id, '@Pat', [pat.user.id]);
    expect((await owner.as.delete(`/api/posts/${created.id}`)).statusCode).toBe(200);
    expect((await feed(owner, tl.id))[0]!.mentions).toEqual([]);
    expect(await storedPost(created.id)).toBeNull();
  });

  it('a page resolves every mention in one more query, however many posts mention people', async () => {
    const { owner, pat, pia, tl } = await cast();
    const one = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, one, pat.user);
    await post(owner, one.id, '@Pat', [pat.user.id]);
    for (let i = 0; i < 12; i++) {
      const p = await post(owner, tl.id, `@Pat @Pia ${i}`, [pat.user.id, pia.user.id]);
      await comment(pat, p.id, `@Pia ${i}`, [pia.user.id]);
    }
    const plain = await buildThreadline(t.app.db, owner.user);
    await buildPost(t.app.db, plain, owner.user);
    const none = await countQueries(t.app.db, () => feed(owner, plain.id));
    const few = await countQueries(t.app.db, () => feed(owner, one.id));
    const many = await countQueries(t.app.db, async () => expect(await feed(owner, tl.id)).toHaveLength(12));
    expect(few).toBe(none + 1);
    expect(many).toBe(few);
  });

  it('basic and advanced search show them too', async () => {
    const { owner, pat, tl } = await cast();
    await t.app.db.update(users).set({ plan: 'pro' }).where(eq(users.id, owner.user.id));
    const created = await post(owner, tl.id, 'zebra @Pat', [pat.user.id]);
    await comment(owner, created.id, 'zebra again @Pat', [pat.user.id]);
    const basic = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/search?q=zebra`)).json());
    expect(basic[0]!.mentions.map((m) => m.name)).toEqual(['Pat']);
    const advanced = searchResponse.parse((await owner.as.get('/api/search?q=zebra')).json());
    expect(advanced.results.length).toBeGreaterThan(0);
    for (const hit of advanced.results) {
      expect(hit.post.mentions.map((m) => m.name)).toEqual(['Pat']);
      if (hit.comment) expect(hit.comment.mentions.map((m) => m.name)).toEqual(['Pat']);
    }
  });
});

describe('mentions in comments', () => {
  it('are stored and shown as on posts: readers the text names only', async () => {
    const { owner, pat, vic, outsider, tl } = await cast();
    const p = await buildPost(t.app.db, tl, owner.user);
    const c = await comment(pat, p.id, '@Vic @Otto @Olive Owner', [
      vic.user.id,
      outsider.user.id,
      owner.user.id,
      crypto.randomUUID(),
    ]);
    expect(await storedComment(c.id)).toEqual([
      { id: vic.user.id, as: '@Vic' },
      { id: owner.user.id, as: '@Olive Owner' },
    ]);
    expect(c.mentions.map((m) => m.name)).toEqual(['Vic', 'Olive Owner']);
    const thread = commentList.parse((await vic.as.get(`/api/posts/${p.id}/comments`)).json());
    expect(thread[0]!.mentions).toEqual(c.mentions);
    expect((await feed(vic, tl.id))[0]!.latestComment!.mentions).toEqual(c.mentions);
  });
});

describe('mentions in direct messages', () => {
  async function conversation() {
    const c = await cast();
    const res = await c.owner.as.post('/api/conversations', {
      timelineId: c.tl.id,
      recipientId: c.pat.user.id,
    });
    return { ...c, id: res.json().id as string };
  }
  const send = (who: Person, id: string, content: string, mentions?: string[]) =>
    who.as.post(`/api/conversations/${id}/messages`, { content, ...(mentions && { mentions }) });

  it('keep only the other person, when the text names them', async () => {
    const { owner, pat, pia, id } = await conversation();
    const res = await send(owner, id, 'Hi @Pat, ask @Pia', [pat.user.id, pia.user.id, owner.user.id]);
    expect(res.statusCode, res.body).toBe(201);
    const m = messageSchema.parse(res.json());
    expect(m.mentions).toEqual([{ id: pat.user.id, name: 'Pat', as: '@Pat' }]);
    expect(await storedMessage(m.id)).toEqual([{ id: pat.user.id, as: '@Pat' }]);
    const unnamed = messageSchema.parse((await send(owner, id, 'no name', [pat.user.id])).json());
    expect([unnamed.mentions, await storedMessage(unnamed.id)]).toEqual([[], null]);
    const tooMany = await send(
      owner,
      id,
      'x',
      Array.from({ length: 51 }, () => crypto.randomUUID()),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('show the current name; dropped once the other person left', async () => {
    const { owner, pat, tl, id } = await conversation();
    await send(owner, id, 'Hi @Pat', [pat.user.id]);
    await rename(pat, 'Patrick');
    const page = () => owner.as.get(`/api/conversations/${id}/messages`);
    expect(messageList.parse((await page()).json())[0]!.mentions).toEqual([
      { id: pat.user.id, name: 'Patrick', as: '@Pat' },
    ]);
    await pat.as.delete(`/api/timelines/${tl.id}/members/leave`);
    expect(messageList.parse((await page()).json())[0]!.mentions).toEqual([]);
  });
});

describe('mentions after an edit', () => {
  it('are worked out again from the new text and the ids sent', async () => {
    const { owner, pat, pia, tl } = await cast();
    const p = await post(owner, tl.id, '@Pat', [pat.user.id]);
    const res = await owner.as.patch(`/api/posts/${p.id}`, { content: '@Pia', mentions: [pia.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(postSchema.parse(res.json()).mentions.map((m) => m.id)).toEqual([pia.user.id]);
    expect(await storedPost(p.id)).toEqual([{ id: pia.user.id, as: '@Pia' }]);
  });

  it('without `mentions`, keep those of before the text still names, even under a name they changed since', async () => {
    const { owner, pat, pia, tl } = await cast();
    const p = await post(owner, tl.id, '@Pat and @Pia', [pat.user.id, pia.user.id]);
    await rename(pat, 'Patricia');
    const res = await owner.as.patch(`/api/posts/${p.id}`, { content: 'only @Pat now' });
    expect(postSchema.parse(res.json()).mentions).toEqual([
      { id: pat.user.id, name: 'Patricia', as: '@Pat' },
    ]);
    // With the id sent again and the text unchanged: the same.
    const again = await owner.as.patch(`/api/posts/${p.id}`, {
      content: 'only @Pat now',
      mentions: [pat.user.id],
    });
    expect(postSchema.parse(again.json()).mentions.map((m) => m.as)).toEqual(['@Pat']);
  });

  it('of the same text with a mention added store it without a new version or editedAt', async () => {
    const { owner, pat, tl } = await cast();
    const p = await post(owner, tl.id, 'hi @Pat');
    expect(p.mentions).toEqual([]);
    const res = await owner.as.patch(`/api/posts/${p.id}`, { content: 'hi @Pat', mentions: [pat.user.id] });
    const edited = postSchema.parse(res.json());
    expect([edited.editedAt, edited.mentions.map((m) => m.id)]).toEqual([null, [pat.user.id]]);
  });

  it('of a comment, as of a post', async () => {
    const { owner, pat, pia, tl } = await cast();
    const p = await buildPost(t.app.db, tl, owner.user);
    const c = await comment(owner, p.id, '@Pat', [pat.user.id]);
    const res = await owner.as.patch(`/api/comments/${c.id}`, {
      content: '@Pat @Pia',
      mentions: [pia.user.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(commentSchema.parse(res.json()).mentions.map((m) => m.id)).toEqual([pia.user.id]);
    const kept = await owner.as.patch(`/api/comments/${c.id}`, { content: 'still @Pia' });
    expect(commentSchema.parse(kept.json()).mentions.map((m) => m.id)).toEqual([pia.user.id]);
    expect(await storedComment(c.id)).toEqual([{ id: pia.user.id, as: '@Pia' }]);
  });
});
