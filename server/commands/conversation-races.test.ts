// Direct-message races (DECISIONS §3, §8): two people starting the same conversation at once, and sends
// racing a block, a leave or an archive. On PostgreSQL (CI) the requests really interleave; on PGlite they
// run one query at a time.
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGING_COPY } from '../../common/messaging.ts';
import { conversations, messages } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildConversation, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const ROUNDS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about half a millisecond apart. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i / 2).then(() => call(i))));

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const timeline = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, timeline, pat.user);
  return { owner, pat, timeline };
}

const messageCount = async (conversationId: string) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return row!.n;
};

describe('two people starting the same conversation at once', () => {
  it('ends with exactly one conversation, one 201, and every caller told its id', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, timeline } = await cast();
      const calls = await staggered(30, (i) =>
        (i % 2 === round % 2 ? owner : pat).as.post('/api/conversations', {
          timelineId: timeline.id,
          recipientId: (i % 2 === round % 2 ? pat : owner).user.id,
        }),
      );
      noServerErrors(calls);
      expect(calls.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(calls.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual(Array(29).fill(200));
      const rows = await t.app.db
        .select()
        .from(conversations)
        .where(eq(conversations.timelineId, timeline.id));
      expect(rows).toHaveLength(1);
      expect(new Set(calls.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
    }
  });
});

describe('sends racing the end of write access', () => {
  for (const how of ['block', 'leave'] as const) {
    it(`no message lands after a ${how} commits; every send is 201 or refused, never a 5xx`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, pat, timeline } = await cast();
        const conversation = await buildConversation(t.app.db, timeline, owner.user, pat.user);
        let countAtEnd: number | undefined;
        const end = sleep(round % 4).then(async () => {
          const res =
            how === 'block'
              ? await owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, {})
              : await pat.as.delete(`/api/timelines/${timeline.id}/members/leave`);
          // Counted as soon as the block has committed: a send that slipped past it would land later.
          countAtEnd = await messageCount(conversation.id);
          return res;
        });
        const url = `/api/conversations/${conversation.id}/messages`;
        const sends = staggered(24, (i) => (i % 3 ? pat : owner).as.post(url, { content: `m${i}` }));
        const [ended, sent] = await Promise.all([end, sends]);
        noServerErrors([ended, ...sent]);
        expect(ended.statusCode).toBe(200);
        for (const [i, r] of sent.entries()) {
          const allowed =
            i % 3
              ? [201, 404] // pat: not a member any more, so the conversation is gone for them
              : [201, 403]; // the owner keeps reading it, but may not write to someone who is gone
          expect(allowed, r.body).toContain(r.statusCode);
          if (r.statusCode === 403) expect(r.json().message).toBe(MESSAGING_COPY.cannotSend);
          if (r.statusCode === 404) expect(r.json().message).toBe(MESSAGING_COPY.notFound);
        }
        const landed = await messageCount(conversation.id);
        expect(landed).toBe(sent.filter((r) => r.statusCode === 201).length);
        expect(landed).toBe(countAtEnd);
      }
    });
  }

  it('no message lands after an archive commits', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, timeline } = await cast();
      const conversation = await buildConversation(t.app.db, timeline, owner.user, pat.user);
      let countAtEnd: number | undefined;
      const archive = sleep(round % 4).then(async () => {
        const res = await owner.as.post(`/api/timelines/${timeline.id}/archive`);
        countAtEnd = await messageCount(conversation.id);
        return res;
      });
      const url = `/api/conversations/${conversation.id}/messages`;
      const sends = staggered(24, (i) => (i % 2 ? pat : owner).as.post(url, { content: `m${i}` }));
      const [archived, sent] = await Promise.all([archive, sends]);
      noServerErrors([archived, ...sent]);
      expect(archived.statusCode).toBe(200);
      for (const r of sent) {
        expect([201, 403], r.body).toContain(r.statusCode);
        if (r.statusCode === 403) expect(r.json().message).toBe(MESSAGING_COPY.archived);
      }
      expect(await messageCount(conversation.id)).toBe(countAtEnd);
    }
  });
});

describe('sends racing mark-read', () => {
  it('the unread counts stay exact: what has no read row, whatever the interleaving', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, timeline } = await cast();
      const conversation = await buildConversation(t.app.db, timeline, pat.user, owner.user);
      const url = `/api/conversations/${conversation.id}`;
      const calls = await staggered(40, (i) =>
        i % 4 === round % 4
          ? owner.as.post(`${url}/${i % 8 ? 'read' : 'mark-read'}`)
          : pat.as.post(`${url}/messages`, { content: `m${i}` }),
      );
      noServerErrors(calls);
      expect(calls.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
      const result = await t.app.db.execute(sql`
        select count(*)::int as n from messages m where m.conversation_id = ${conversation.id}
          and not exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id = ${owner.user.id})`);
      const truth = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const total = (await owner.as.get('/api/conversations/unread-count')).json().unreadCount;
      const [listed] = (await owner.as.get('/api/conversations')).json();
      expect([total, listed.unreadCount]).toEqual([truth, truth]);
      const marked = (await owner.as.post(`${url}/read`)).json().marked;
      expect(marked).toBe(truth);
      expect((await owner.as.get('/api/conversations/unread-count')).json().unreadCount).toBe(0);
    }
  });
});
