// POST /api/reactions: toggles, counts per emoji, myReactions per caller, the heart as like, and what counts
// as one emoji (issue 9; spec 001 §7; DECISIONS §6).
import { describe, expect, it } from 'vitest';
import { FEED } from '../../common/limits.ts';
import { HEART, postList, reactionResponse } from '../../common/schemas/post.ts';
import { EMOJI_CAP_REACHED } from '../commands/reactions.ts';
import { reactions } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildPost,
  buildThreadline,
  type Caller,
  EMOJI,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const vic = await signedInUser(t.app);
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  const post = await buildPost(t.app.db, tl, owner.user);
  return { owner, pat, vic, outsider, tl, post };
}

const react = async (as: Caller, postId: string, emoji: string) => {
  const res = await as.post('/api/reactions', { postId, emoji });
  expect(res.statusCode, res.body).toBe(200);
  return reactionResponse.parse(res.json());
};

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 👨‍👩‍👧‍👦, 7 code points
const FLAG = '\u{1F1FA}\u{1F1E6}'; // 🇺🇦
const KEYCAP = '1\uFE0F\u20E3'; // 1️⃣
const TEN = '\u{1F469}\u{1F3FD}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}\u{1F3FB}'; // 10 code points
// 👨🏻‍👩🏻‍👧🏻‍👦🏻: one grapheme of 11 code points.
const ELEVEN = '\u{1F468}\u{1F3FB}\u200D\u{1F469}\u{1F3FB}\u200D\u{1F467}\u{1F3FB}\u200D\u{1F466}\u{1F3FB}';

describe('POST /api/reactions', () => {
  it('toggles per user: counts, each caller’s myReactions, and the feed agrees', async () => {
    const { owner, pat, tl, post } = await cast();
    expect(await react(pat.as, post.id, HEART)).toEqual({
      postId: post.id,
      emoji: HEART,
      reacted: true,
      reactionCounts: { [HEART]: 1 },
      myReactions: [HEART],
    });
    expect(await react(owner.as, post.id, HEART)).toMatchObject({
      reacted: true,
      reactionCounts: { [HEART]: 2 },
      myReactions: [HEART],
    });
    const thumbs = await react(pat.as, post.id, '👍');
    expect(thumbs).toMatchObject({ reacted: true, reactionCounts: { [HEART]: 2, '👍': 1 } });
    expect(thumbs.myReactions.sort()).toEqual([HEART, '👍'].sort());

    const feed = async (as: Caller) =>
      postList.parse((await as.get(`/api/timelines/${tl.id}/posts`)).json())[0]!;
    expect((await feed(pat.as)).myReactions.sort()).toEqual([HEART, '👍'].sort());
    expect(await feed(owner.as)).toMatchObject({
      reactionCounts: { [HEART]: 2, '👍': 1 },
      myReactions: [HEART],
    });

    // Taking one back; a count that reaches 0 leaves the map.
    expect(await react(owner.as, post.id, HEART)).toMatchObject({
      reacted: false,
      reactionCounts: { [HEART]: 1, '👍': 1 },
      myReactions: [],
    });
    expect(await react(pat.as, post.id, '👍')).toMatchObject({
      reacted: false,
      reactionCounts: { [HEART]: 1 },
      myReactions: [HEART],
    });
    expect(await react(pat.as, post.id, HEART)).toMatchObject({
      reacted: false,
      reactionCounts: {},
      myReactions: [],
    });
    expect(await feed(owner.as)).toMatchObject({ reactionCounts: {}, myReactions: [] });
  });

  it('an even number of toggles ends where it started', async () => {
    const { pat, post } = await cast();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await react(pat.as, post.id, '🎉')).reacted);
    expect(answers).toEqual([true, false, true, false, true, false]);
  });

  it('viewers react; the plain heart without VS16 is not an RGI emoji, so not a second like', async () => {
    const { vic, post } = await cast();
    expect((await react(vic.as, post.id, HEART)).reactionCounts).toEqual({ [HEART]: 1 });
    const plain = await vic.as.post('/api/reactions', { postId: post.id, emoji: '\u2764' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe('Choose one emoji');
  });

  it('accepts single emoji up to 10 code points: ZWJ family, flag, keycap, skin tones', async () => {
    const { pat, post } = await cast();
    for (const emoji of [FAMILY, FLAG, KEYCAP, TEN, '👍🏽', '🏳️‍🌈']) {
      const res = await react(pat.as, post.id, emoji);
      expect(res, emoji).toMatchObject({ reacted: true, emoji });
      expect(res.reactionCounts[emoji]).toBe(1);
    }
  });

  it('refuses anything but one emoji with 400 "Choose one emoji"', async () => {
    const { pat, post } = await cast();
    for (const emoji of [
      '',
      ' ',
      'a',
      'ab',
      '1',
      '❤️❤️',
      '👍👍',
      '👍 ',
      'a👍',
      ELEVEN,
      '<3',
      '\u200D',
      '\uFE0F',
      '\u{1F3FB}x',
      // One grapheme with a pictograph-like mark, but no emoji: a CJK character or a letter with a keycap,
      // a lone regional indicator, a text-style smiley.
      '\u4E00\u20E3',
      'a\u20E3',
      '\u{1F1FA}',
      '\u263A',
    ]) {
      const res = await pat.as.post('/api/reactions', { postId: post.id, emoji });
      expect(res.statusCode, JSON.stringify(emoji)).toBe(400);
      expect(res.json().message, JSON.stringify(emoji)).toBe('Choose one emoji');
    }
    for (const body of [
      { postId: post.id },
      { postId: post.id, emoji: 1 },
      { postId: post.id, emoji: HEART, x: 1 },
    ]) {
      expect((await pat.as.post('/api/reactions', body)).statusCode).toBe(400);
    }
  });

  it(`holds at most ${FEED.distinctEmojiPerPost} distinct emoji on a post; past that only those there can be added`, async () => {
    const { owner, pat, vic, post } = await cast();
    const cap = FEED.distinctEmojiPerPost;
    await t.app.db
      .insert(reactions)
      .values(EMOJI.slice(0, cap - 1).map((emoji) => ({ postId: post.id, userId: owner.user.id, emoji })));
    expect((await react(pat.as, post.id, EMOJI[cap - 1]!)).reacted).toBe(true);
    const over = await pat.as.post('/api/reactions', { postId: post.id, emoji: EMOJI[cap]! });
    expect([over.statusCode, over.json()]).toEqual([409, { message: EMOJI_CAP_REACHED }]);
    // One already there can still be added by anyone, and taking one back makes room for a new one.
    expect((await react(vic.as, post.id, EMOJI[0]!)).reactionCounts[EMOJI[0]!]).toBe(2);
    expect((await react(pat.as, post.id, EMOJI[cap - 1]!)).reacted).toBe(false);
    const counts = (await react(vic.as, post.id, EMOJI[cap]!)).reactionCounts;
    expect(Object.keys(counts)).toHaveLength(cap);
  });

  it('404 "Post not found" to outsiders, blocked users and ghosts; archived 403', async () => {
    const { owner, pat, outsider, tl, post } = await cast();
    await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {});
    for (const [who, id] of [
      [outsider, post.id],
      [pat, post.id],
      [owner, crypto.randomUUID()],
    ] as const) {
      const res = await who.as.post('/api/reactions', { postId: id, emoji: HEART });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    const res = await owner.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    await owner.as.delete(`/api/timelines/${tl.id}`);
    expect((await owner.as.post('/api/reactions', { postId: post.id, emoji: HEART })).statusCode).toBe(404);
  });
});
