// Access ends at once: after a block (removal), a leave or a deletion nothing more reaches that user for the
// threadline, archiving keeps only the owner subscribed, and subscribing again is refused with `error`.
// The races mean something on PostgreSQL (TEST_DATABASE_URL); on PGlite they run one at a time.

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REALTIME_ERRORS, type ServerMessage } from '../../common/realtime.ts';
import { timelineMembers, timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  expectQuiet,
  followedThreadline,
  type SocketPerson,
  socketPeople,
  type TestSocket,
} from '../test/ws.ts';
import type { AccessBusEvent } from './types.ts';

// The access checks here must reach the database: the overtaking tests change access while its query runs
// (the embedded database's access cache would answer them from memory).
const t = setupTestApp({ ACCESS_CACHE_ENTRIES: '0' });
type Person = SocketPerson;

const person = socketPeople(t);

/** A threadline followed by its owner and one member of each other role (server/test/ws.ts). */
async function setup() {
  const w = await followedThreadline(t.app, person);
  const { timeline } = w;
  const base = `/api/timelines/${timeline.id}`;
  const post = (by: Person, content = 'Hello') =>
    by.as.post('/api/posts', { timelineId: timeline.id, content });
  /** Subscribing again is refused with the threadline's `error`. */
  const refused = async (p: Person) => {
    p.socket.send({ type: 'subscribe_timeline', timelineId: timeline.id });
    expect(await p.socket.next('error')).toEqual({
      type: 'error',
      message: REALTIME_ERRORS.noAccess,
      timelineId: timeline.id,
    });
  };
  return { ...w, base, post, refused };
}

/** Messages about the threadline that `socket` received after its `unsubscribed` (there must be none). */
function afterUnsubscribed(socket: TestSocket, timelineId: string): ServerMessage[] {
  const about = (m: ServerMessage) =>
    ('timelineId' in m && m.timelineId === timelineId) ||
    ('data' in m && (m.data as { timelineId?: string }).timelineId === timelineId);
  const i = socket.received.findIndex((m) => m.type === 'unsubscribed' && m.timelineId === timelineId);
  expect(i).toBeGreaterThanOrEqual(0);
  // Allowed afterwards: the removed user's own-channel notice, and the refusal of a new subscribe.
  const allowed = (m: ServerMessage) =>
    m.type === 'error' || (m.type === 'timeline_updated' && m.data.change === 'access_removed');
  return socket.received.slice(i + 1).filter((m) => about(m) && !allowed(m));
}

describe('access ends at once', () => {
  it('a blocked (removed) member hears nothing more, is told on their own channel, and cannot follow again', async () => {
    const w = await setup();
    await w.owner.as.delete(`${w.base}/members/${w.participant.user.id}`);
    expect(await w.participant.socket.next('unsubscribed')).toMatchObject({ reason: 'removed' });
    expect(await w.participant.socket.next('timeline_updated')).toMatchObject({
      data: { change: 'access_removed', timelineId: w.timeline.id },
    });
    await w.post(w.owner);
    await w.viewer.socket.next('new_post');
    await w.refused(w.participant);
    // A user-channel event published after the post reaches her after it, had it reached her (ws.ts).
    await expectQuiet(t.app, [w.participant]);
    expect(afterUnsubscribed(w.participant.socket, w.timeline.id)).toEqual([]);
  });

  it('a member who left hears nothing more and cannot follow again', async () => {
    const w = await setup();
    await w.viewer.as.delete(`${w.base}/members/leave`);
    expect(await w.viewer.socket.next('unsubscribed')).toMatchObject({ reason: 'left' });
    await w.post(w.moderator);
    await w.owner.socket.next('new_post');
    await w.refused(w.viewer);
    await expectQuiet(t.app, [w.viewer]);
  });

  it('a role change keeps the subscription (every role reads)', async () => {
    const w = await setup();
    await w.owner.as.patch(`${w.base}/members/${w.moderator.user.id}`, { role: 'viewer' });
    await w.moderator.socket.next('timeline_updated', { where: (m) => m.data.change === 'role_changed' });
    await w.post(w.owner);
    await w.moderator.socket.next('new_post');
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(4);
  });

  it('archiving leaves only the owner subscribed; the others cannot follow again until the restore tells them', async () => {
    const w = await setup();
    const { outsider } = w;
    await w.owner.as.post(`${w.base}/archive`);
    for (const p of [w.moderator, w.participant, w.viewer]) {
      expect(await p.socket.next('unsubscribed')).toMatchObject({ reason: 'archived' });
      await w.refused(p);
    }
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(1);
    await w.owner.as.post(`${w.base}/restore`);
    await w.owner.socket.next('timeline_updated', { where: (m) => m.data.change === 'restored' });
    // The others hear it on their own channels (they follow nothing there now), and may follow again.
    for (const p of [w.moderator, w.participant, w.viewer]) {
      const told = await p.socket.next('timeline_updated', { where: (m) => m.data.change === 'restored' });
      expect(told.data).toMatchObject({
        timelineId: w.timeline.id,
        message: expect.stringContaining('restored'),
      });
    }
    await w.viewer.socket.subscribe(w.timeline.id);
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(2);
    await expectQuiet(t.app, [outsider], { unwanted: 'timeline_updated' });
  });

  it('after a deletion nothing more is delivered, even to posts racing it, and no one can follow again', async () => {
    const w = await setup();
    // Two members post one after another until refused; the delete lands among their posts.
    let created = 0;
    const keepPosting = async (by: Person) => {
      for (let i = 0; i < 50; i++) {
        if ((await w.post(by, `r${i}`)).statusCode !== 201) return;
        created++;
      }
    };
    const racing = [keepPosting(w.moderator), keepPosting(w.participant)];
    while (created < 4) await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await w.owner.as.delete(w.base)).statusCode).toBe(200);
    await Promise.all(racing);
    expect(created).toBeLessThan(100);
    // Every publish has happened; once the hub has sent them, the refusal below comes after them on each socket.
    await t.app.realtimeHub.hub.drain();
    for (const p of [w.owner, w.moderator, w.participant, w.viewer]) {
      await p.socket.next('timeline_updated', { where: (m) => m.data.change === 'deleted' });
      expect(await p.socket.next('unsubscribed')).toMatchObject({ reason: 'deleted' });
      await w.refused(p);
      expect(afterUnsubscribed(p.socket, w.timeline.id)).toEqual([]);
      // 'deleted' is the last event about it.
      const last = p.socket.received
        .filter((m) => m.type === 'timeline_updated' || m.type === 'new_post')
        .at(-1);
      expect(last).toMatchObject({ type: 'timeline_updated', data: { change: 'deleted' } });
    }
    expect(t.app.realtimeHub.hub.subscriberCount(w.timeline.id)).toBe(0);
  });
});

describe('under concurrency', () => {
  it('30 parallel posts reach a follower exactly once each', async () => {
    const w = await setup();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => w.post(w.moderator, `p${i}`)));
    const ids = answers.map((r) => r.json().id as string).sort();
    const got = await Promise.all(ids.map(() => w.viewer.socket.next('new_post', { timeoutMs: 10_000 })));
    expect(got.map((m) => m.data.postId).sort()).toEqual(ids);
    // Every post was published before its answer: a later event comes after all of them (ws.ts).
    await expectQuiet(t.app, [w.viewer], { unwanted: 'new_post' });
  });

  it('a block racing posts: nothing after the block reaches the blocked member', async () => {
    const w = await setup();
    const before = Array.from({ length: 15 }, (_, i) => w.post(i % 2 ? w.owner : w.moderator, `b${i}`));
    const blocked = await w.owner.as.delete(`${w.base}/members/${w.viewer.user.id}`);
    expect(blocked.statusCode).toBe(200);
    // Created after the block's answer: never delivered to the blocked member.
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => w.post(w.moderator, `a${i}`)));
    await Promise.all(before);
    const late = new Set(after.map((r) => r.json().id as string));
    // Everyone else gets all 25; by then every event has been through the hub.
    const all = await Promise.all(Array.from({ length: 25 }, () => w.participant.socket.next('new_post')));
    expect(all).toHaveLength(25);
    await t.app.realtimeHub.hub.drain();
    const seen = w.viewer.socket.received.flatMap((m) => (m.type === 'new_post' ? [m.data.postId] : []));
    expect(seen.filter((id) => late.has(id))).toEqual([]);
    expect(afterUnsubscribed(w.viewer.socket, w.timeline.id)).toEqual([]);
  });
});

describe('access changes while a subscription is checked', () => {
  /**
   * Runs `during` with the database client handing the hub `event` (as the bus would) whenever a query
   * starts: every subscription check is overtaken by one.
   */
  async function overtakenBy(event: AccessBusEvent, during: () => Promise<unknown>) {
    const { hub } = t.app.realtimeHub;
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      hub.handle(event);
      return query.apply(this, args);
    };
    try {
      return await during();
    } finally {
      client.query = query;
    }
  }

  it("another threadline's or another person's access changes never starve a subscription", async () => {
    const w = await setup();
    const other = await followedThreadline(t.app, person);
    for (const event of [
      { kind: 'access', timelineId: other.timeline.id, reason: 'deleted' },
      { kind: 'access', timelineId: w.timeline.id, userId: w.outsider.user.id, reason: 'left' },
    ] satisfies AccessBusEvent[]) {
      const answer = await overtakenBy(event, () => w.idle.socket.subscribe(w.timeline.id));
      expect(answer).toMatchObject({ type: 'subscribed', timelineId: w.timeline.id });
      await w.idle.socket.unsubscribe(w.timeline.id);
    }
  });

  it('a check overtaken by a change of this person’s access here is done again, and refused if it always is', async () => {
    const w = await setup();
    const event: AccessBusEvent = {
      kind: 'access',
      timelineId: w.timeline.id,
      userId: w.idle.user.id,
      reason: 'left',
    };
    w.idle.socket.send({ type: 'subscribe_timeline', timelineId: w.timeline.id });
    const answer = await overtakenBy(event, () => w.idle.socket.next('error'));
    expect(answer).toEqual({ type: 'error', message: REALTIME_ERRORS.noAccess, timelineId: w.timeline.id });
  });
});

describe('when an access change never reached this instance (its bus event lost)', () => {
  it('the access check ends what the database no longer allows: removed, archived (but the owner), deleted', async () => {
    const w = await setup();
    const { hub } = t.app.realtimeHub;
    // Changed in the database only, as if the NOTIFY had failed: nothing is published.
    await t.app.db
      .delete(timelineMembers)
      .where(
        and(eq(timelineMembers.timelineId, w.timeline.id), eq(timelineMembers.userId, w.participant.user.id)),
      );
    await hub.checkAccess();
    expect(await w.participant.socket.next('unsubscribed')).toMatchObject({ reason: 'removed' });

    await t.app.db.update(timelines).set({ archivedAt: new Date() }).where(eq(timelines.id, w.timeline.id));
    await hub.checkAccess();
    for (const p of [w.moderator, w.viewer]) {
      expect(await p.socket.next('unsubscribed')).toMatchObject({
        timelineId: w.timeline.id,
        reason: 'archived',
      });
    }
    await t.app.db
      .update(timelines)
      .set({ archivedAt: null, deletedAt: new Date() })
      .where(eq(timelines.id, w.timeline.id));
    await hub.checkAccess();
    expect(await w.owner.socket.next('unsubscribed')).toMatchObject({ reason: 'deleted' });
    // No one here follows it any more, so nothing more of it is sent here.
    expect(hub.subscriberCount(w.timeline.id)).toBe(0);
  });

  it('a subscription that is still allowed stays', async () => {
    const w = await setup();
    await t.app.realtimeHub.hub.checkAccess();
    await w.post(w.participant);
    for (const p of w.followers)
      expect((await p.socket.next('new_post')).data).toMatchObject({ timelineId: w.timeline.id });
  });
});
