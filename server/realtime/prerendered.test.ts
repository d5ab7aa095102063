// The new_post its own instance sends as the route built it (no render, no query), the deletion window such a
// message must respect, and deliveries in slices that keep bus order.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventMessage } from '../../common/realtime.ts';
import { timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildPost } from '../test/factories.ts';
import { followedThreadline, socketPeople } from '../test/ws.ts';
import { MAX_DELETING } from './hub.ts';
import { renderEvent } from './render.ts';
import type { TimelineBusEvent } from './types.ts';

const t = setupTestApp();
const person = socketPeople(t, { noEmails: true });
const newPost = (timelineId: string, actorId: string, postId: string): TimelineBusEvent => ({
  kind: 'timeline',
  type: 'new_post',
  timelineId,
  actorId,
  postId,
});

describe('prerendered events', () => {
  it('POST /api/posts: its instance sends the post without rendering, as the hub would render it', async () => {
    const w = await followedThreadline(t.app, person, { name: 'Garden club' });
    const pinned = await buildPost(t.app.db, w.timeline, w.owner.user);
    await t.app.db.update(timelines).set({ pinnedPostId: pinned.id }).where(eq(timelines.id, w.timeline.id));
    const { hub } = t.app.realtimeHub;
    const renders = hub.renders;
    const res = await w.participant.as.post('/api/posts', {
      timelineId: w.timeline.id,
      content: 'Ripe @Vi and @Otto\n\nnext line',
      mentions: [w.viewer.user.id, w.outsider.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const got = await Promise.all(w.followers.map((p) => p.socket.next('new_post')));
    expect(hub.renders).toBe(renders);
    const rendered = await renderEvent(
      t.app.db,
      newPost(w.timeline.id, w.participant.user.id, res.json().id),
    );
    for (const message of got) expect(message.data).toEqual(rendered!.data);
    expect(got[0]!.data).toMatchObject({
      message: 'Pat posted in Garden club',
      excerpt: 'Ripe @Vi and @Otto next line',
      post: { isPinned: false, myReactions: [], mentions: [{ id: w.viewer.user.id, name: 'Vi', as: '@Vi' }] },
    });
  });

  it('between a threadline’s deleted and its access event, a prerendered event is not sent', async () => {
    const w = await followedThreadline(t.app, person);
    const post = await buildPost(t.app.db, w.timeline, w.owner.user);
    const message = (await renderEvent(t.app.db, newPost(w.timeline.id, w.owner.user.id, post.id)))!;
    await t.app.db.update(timelines).set({ deletedAt: new Date() }).where(eq(timelines.id, w.timeline.id));
    const { realtime } = t.app;
    await realtime.publish({
      kind: 'timeline',
      type: 'timeline_updated',
      timelineId: w.timeline.id,
      actorId: w.owner.user.id,
      change: 'deleted',
    });
    // A post whose route published late, between the two (what render.ts refuses when it renders).
    await realtime.publish(newPost(w.timeline.id, w.owner.user.id, post.id), message);
    await realtime.publish({ kind: 'access', timelineId: w.timeline.id, reason: 'deleted' });
    // The access drop goes out in bus order, after the place the post would have taken.
    for (const p of w.followers) {
      await p.socket.next('timeline_updated');
      await p.socket.expectNoneBefore('unsubscribed', { unwanted: 'new_post' });
    }
  });

  it('the threadlines held between `deleted` and their access event are bounded, and let go at the access event', async () => {
    const { hub } = t.app.realtimeHub;
    const actorId = randomUUID();
    const deleted = (timelineId: string): TimelineBusEvent => ({
      kind: 'timeline',
      type: 'timeline_updated',
      timelineId,
      actorId,
      change: 'deleted',
    });
    // Access events that never came (a failed publish): the oldest are let go past the bound.
    const ids = Array.from({ length: MAX_DELETING + 5 }, () => randomUUID());
    for (const id of ids) hub.handle(deleted(id));
    expect(hub.deletingCount).toBe(MAX_DELETING);
    for (const id of ids) hub.handle({ kind: 'access', timelineId: id, reason: 'deleted' });
    expect(hub.deletingCount).toBe(0);
  });

  it('a delivery in slices ends before the next event starts, and an access drop after it waits for it', async () => {
    const w = await followedThreadline(t.app, person);
    const { hub } = t.app.realtimeHub;
    const slice = hub.sendSlice;
    hub.sendSlice = 1;
    try {
      const rows = await Promise.all([1, 2, 3].map(() => buildPost(t.app.db, w.timeline, w.owner.user)));
      const messages = await Promise.all(
        rows.map(
          async (row) => (await renderEvent(t.app.db, newPost(w.timeline.id, w.owner.user.id, row.id)))!,
        ),
      );
      const send = (i: number) =>
        t.app.realtime.publish(
          newPost(w.timeline.id, w.owner.user.id, rows[i]!.id),
          messages[i] as EventMessage,
        );
      await send(0);
      await t.app.realtime.publish({
        kind: 'access',
        timelineId: w.timeline.id,
        userId: w.viewer.user.id,
        reason: 'removed',
      });
      await send(1);
      await send(2);
      const ids = rows.map((r) => r.id);
      for (const p of w.followers) {
        const expected = p === w.viewer ? ids.slice(0, 1) : ids;
        const seen = [];
        for (const _ of expected) seen.push((await p.socket.next('new_post')).data.postId);
        expect(seen).toEqual(expected);
      }
      await w.viewer.socket.next('unsubscribed');
      await hub.drain();
      await w.viewer.socket.expectNoneBeforeReply({ unwanted: 'new_post' });
      // The viewer is the last of the slices: the drop, published after the first post, came after it.
      const order = w.viewer.socket.received.flatMap((m) =>
        (m.type === 'new_post' && m.data.timelineId === w.timeline.id) ||
        (m.type === 'unsubscribed' && m.timelineId === w.timeline.id)
          ? [m.type]
          : [],
      );
      expect(order).toEqual(['new_post', 'unsubscribed']);
    } finally {
      hub.sendSlice = slice;
    }
  });
});
