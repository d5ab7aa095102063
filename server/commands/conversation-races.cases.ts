// Direct-message races (DECISIONS §3, §8): two people starting the same conversation at once, and sends
// racing a block, a leave, an archive or mark-read. Each race is written once here and run twice: in full
// on PostgreSQL (conversation-races.pg.test.ts), where the requests really interleave and each race must
// show that they did (server/test/races.ts), and as a one-round smoke on PGlite (conversation-races.test.ts),
// which runs one query at a time.
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { MESSAGING_COPY } from '../../common/messaging.ts';
import { conversations, messages } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildConversation, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about half a millisecond apart. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i / 2).then(() => call(i))));

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

type Size = { rounds: number; calls: number };

export function conversationRaces(t: TestApp, race: RaceProbe) {
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

  return {
    /** Two people starting the same conversation: exactly one conversation, one 201, every caller told its id. */
    async startTogether({ rounds: count, calls }: Size) {
      const rounds = race.rounds('start');
      for (let round = 0; round < count; round++) {
        const { owner, pat, timeline } = await cast();
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            race.as('start', () =>
              (i % 2 === round % 2 ? owner : pat).as.post('/api/conversations', {
                timelineId: timeline.id,
                recipientId: (i % 2 === round % 2 ? pat : owner).user.id,
              }),
            ),
          ),
        );
        noServerErrors(answers);
        expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
        expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual(
          Array(calls - 1).fill(200),
        );
        const rows = await t.app.db
          .select()
          .from(conversations)
          .where(eq(conversations.timelineId, timeline.id));
        expect(rows).toHaveLength(1);
        expect(new Set(answers.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
        // Both asked for it, so both list it, empty as it is (issue 25).
        for (const p of [owner, pat]) {
          expect((await p.as.get('/api/conversations')).json().map((c: { id: string }) => c.id)).toEqual([
            rows[0]!.id,
          ]);
        }
      }
      rounds.expectOverlap();
    },

    /**
     * Both people press Message and send their first message at once, dozens of times (issue 25): one
     * conversation holding every message, listed for both, the unread counts exact, never a 5xx.
     */
    async firstMessagesTogether({ rounds: count, calls }: Size) {
      const rounds = race.rounds('first');
      for (let round = 0; round < count; round++) {
        const { owner, pat, timeline } = await cast();
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            race.as('first', async () => {
              const [me, other] = i % 2 === round % 2 ? [owner, pat] : [pat, owner];
              const started = await me.as.post('/api/conversations', {
                timelineId: timeline.id,
                recipientId: other.user.id,
              });
              if (started.statusCode >= 300) return started;
              return me.as.post(`/api/conversations/${started.json().id}/messages`, { content: `m${i}` });
            }),
          ),
        );
        noServerErrors(answers);
        expect(answers.map((r) => r.statusCode)).toEqual(Array(calls).fill(201));
        const rows = await t.app.db
          .select()
          .from(conversations)
          .where(eq(conversations.timelineId, timeline.id));
        expect(rows).toHaveLength(1);
        const id = rows[0]!.id;
        expect(new Set(answers.map((r) => r.json().conversationId))).toEqual(new Set([id]));
        expect(await messageCount(id)).toBe(calls);
        const fromOwner = answers.filter((r) => r.json().senderId === owner.user.id).length;
        for (const [p, unread] of [
          [owner, calls - fromOwner],
          [pat, fromOwner],
        ] as const) {
          const listed = (await p.as.get('/api/conversations')).json();
          expect(listed.map((c: { id: string; unreadCount: number }) => [c.id, c.unreadCount])).toEqual([
            [id, unread],
          ]);
          expect((await p.as.get('/api/conversations/unread-count')).json().unreadCount).toBe(unread);
        }
      }
      rounds.expectOverlap();
    },

    /** No message lands after a block or a leave commits; every send is 201 or refused, never a 5xx. */
    async sendsRacingEnd(how: 'block' | 'leave', { rounds: count, calls }: Size) {
      const rounds = race.rounds('end', 'send');
      for (let round = 0; round < count; round++) {
        const { owner, pat, timeline } = await cast();
        const conversation = await buildConversation(t.app.db, timeline, owner.user, pat.user);
        let countAtEnd: number | undefined;
        const url = `/api/conversations/${conversation.id}/messages`;
        const [ended, sent] = await rounds.run(() => {
          const end = sleep(round % 4).then(async () => {
            const res = await race.as('end', () =>
              how === 'block'
                ? owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, {})
                : pat.as.delete(`/api/timelines/${timeline.id}/members/leave`),
            );
            // Counted as soon as the block has committed: a send that slipped past it would land later.
            countAtEnd = await messageCount(conversation.id);
            return res;
          });
          const sends = staggered(calls, (i) =>
            race.as('send', () => (i % 3 ? pat : owner).as.post(url, { content: `m${i}` })),
          );
          return Promise.all([end, sends]);
        });
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
      rounds.expectOverlap();
    },

    /** No message lands after an archive commits. */
    async sendsRacingArchive({ rounds: count, calls }: Size) {
      const rounds = race.rounds('archive', 'send');
      for (let round = 0; round < count; round++) {
        const { owner, pat, timeline } = await cast();
        const conversation = await buildConversation(t.app.db, timeline, owner.user, pat.user);
        let countAtEnd: number | undefined;
        const url = `/api/conversations/${conversation.id}/messages`;
        const [archived, sent] = await rounds.run(() => {
          const archive = sleep(round % 4).then(async () => {
            const res = await race.as('archive', () =>
              owner.as.post(`/api/timelines/${timeline.id}/archive`),
            );
            countAtEnd = await messageCount(conversation.id);
            return res;
          });
          const sends = staggered(calls, (i) =>
            race.as('send', () => (i % 2 ? pat : owner).as.post(url, { content: `m${i}` })),
          );
          return Promise.all([archive, sends]);
        });
        noServerErrors([archived, ...sent]);
        expect(archived.statusCode).toBe(200);
        for (const r of sent) {
          expect([201, 403], r.body).toContain(r.statusCode);
          if (r.statusCode === 403) expect(r.json().message).toBe(MESSAGING_COPY.archived);
        }
        expect(await messageCount(conversation.id)).toBe(countAtEnd);
      }
      rounds.expectOverlap();
    },

    /** Sends racing mark-read: the unread counts stay exact, whatever the interleaving. */
    async sendsRacingMarkRead({ rounds: count, calls }: Size) {
      const rounds = race.rounds('read', 'send');
      for (let round = 0; round < count; round++) {
        const { owner, pat, timeline } = await cast();
        const conversation = await buildConversation(t.app.db, timeline, pat.user, owner.user);
        const url = `/api/conversations/${conversation.id}`;
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            i % 4 === round % 4
              ? race.as('read', () => owner.as.post(`${url}/${i % 8 ? 'read' : 'mark-read'}`))
              : race.as('send', () => pat.as.post(`${url}/messages`, { content: `m${i}` })),
          ),
        );
        noServerErrors(answers);
        expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
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
      rounds.expectOverlap();
    },
  };
}
