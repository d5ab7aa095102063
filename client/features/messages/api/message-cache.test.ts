import { describe, expect, it } from 'vitest';
import { ADA, ME } from '../test/conversations.ts';
import { makeMessage, mine } from '../test/thread-server.ts';
import {
  addMessage,
  compareMessages,
  hasUnreadFrom,
  type MessagesData,
  markReadBy,
  mergeNewestPage,
  olderCursor,
  prependOlderPage,
  timeKey,
} from './message-cache.ts';

const ids = (d: MessagesData | undefined) => d?.messages.map((m) => m.content);

describe('message cache', () => {
  it('orders by time with microseconds whatever the offset spelling, then by id', () => {
    expect(timeKey('2026-01-01T10:00:00.000001Z') < timeKey('2026-01-01T10:00:00.000002+00:00')).toBe(true);
    expect(timeKey('2026-01-01T11:00:00+01:00')).toBe(timeKey('2026-01-01T10:00:00.000000Z'));
    const a = makeMessage({ id: 'a', createdAt: '2026-01-01T10:00:00.000005Z' });
    const b = makeMessage({ id: 'b', createdAt: '2026-01-01T10:00:00.000005+00:00' });
    const c = makeMessage({ id: 'c', createdAt: '2026-01-01T10:00:00.000004Z' });
    expect([a, b, c].sort(compareMessages).map((m) => m.id)).toEqual(['c', 'a', 'b']);
  });

  it('takes the first page as it is, with older history only when the page is full', () => {
    const page = [makeMessage(), makeMessage()];
    expect(mergeNewestPage(undefined, page, 2).hasOlder).toBe(true);
    expect(mergeNewestPage(undefined, page.slice(1), 2).hasOlder).toBe(false);
  });

  it('merges a polled newest page by id: loaded history stays, fresher read states win', () => {
    const [o1, o2, m1, m2] = [makeMessage(), makeMessage(), mine(), makeMessage()];
    const held: MessagesData = { messages: [o1!, o2!, m1!, m2!], hasOlder: true };
    const m3 = makeMessage();
    const next = mergeNewestPage(held, [{ ...m1!, isRead: true }, m2!, m3], 3);
    expect(next.messages.map((m) => m.id)).toEqual([o1, o2, m1, m2, m3].map((m) => m!.id));
    expect(next.messages[2]!.isRead).toBe(true);
    expect(next.hasOlder).toBe(true);
  });

  it('restarts the window when a full page starts after everything held (messages missed between)', () => {
    const held: MessagesData = { messages: [makeMessage(), makeMessage()], hasOlder: false };
    makeMessage(); // never seen
    const page = [makeMessage(), makeMessage()];
    const next = mergeNewestPage(held, page, 2);
    expect(next.messages.map((m) => m.id)).toEqual(page.map((m) => m.id));
    expect(next.hasOlder).toBe(true);
    // A short page cannot skip anything.
    expect(mergeNewestPage(held, page.slice(0, 1), 2).messages).toHaveLength(3);
  });

  it('prepends an older page and learns from its length whether more are older', () => {
    const held: MessagesData = { messages: [makeMessage({ content: 'new' })], hasOlder: true };
    const older = [makeMessage({ content: 'old' })];
    // Made later but dated earlier, as an older page is.
    older[0]!.createdAt = '2025-01-01T00:00:00.000000Z';
    expect(ids(prependOlderPage(held, older, 2))).toEqual(['old', 'new']);
    expect(prependOlderPage(held, older, 2).hasOlder).toBe(false);
    expect(prependOlderPage(held, [...older, ...older], 2).hasOlder).toBe(true);
  });

  it('adds an arriving message once, and keeps the copy it held', () => {
    const held: MessagesData = { messages: [makeMessage()], hasOlder: false };
    const sent = { ...mine(), isRead: true };
    const once = addMessage(held, sent)!;
    expect(once.messages).toHaveLength(2);
    expect(addMessage(once, { ...sent, isRead: false })).toBe(once);
    expect(addMessage(undefined, sent)).toBeUndefined();
  });

  it('marks read what the reader received up to readAt, and nothing of their own', () => {
    const a = mine({ createdAt: '2026-01-01T10:00:00.000000Z' });
    const b = makeMessage({ createdAt: '2026-01-01T10:00:01.000000Z' });
    const c = mine({ createdAt: '2026-01-01T10:00:02.000001Z' });
    const held: MessagesData = { messages: [a, b, c], hasOlder: false };
    // ADA read up to just before c: only a becomes read (b is hers).
    const receipt = markReadBy(held, ADA.id, '2026-01-01T10:00:02.000000Z')!;
    expect(receipt.messages.map((m) => m.isRead)).toEqual([true, false, false]);
    // ME read everything: ADA's b.
    expect(markReadBy(held, ME.id)!.messages.map((m) => m.isRead)).toEqual([false, true, false]);
    expect(markReadBy(receipt, ADA.id, '2026-01-01T10:00:00.000000Z')).toBe(receipt);
  });

  it('gives the oldest message as the cursor, and finds unread messages from others', () => {
    const a = makeMessage();
    expect(olderCursor({ messages: [a, mine()], hasOlder: true })).toBe(`${a.createdAt},${a.id}`);
    expect(olderCursor({ messages: [], hasOlder: false })).toBeUndefined();
    expect(hasUnreadFrom([mine(), a], ME.id)).toBe(true);
    expect(hasUnreadFrom([mine(), { ...a, isRead: true }], ME.id)).toBe(false);
    expect(hasUnreadFrom([a], undefined)).toBe(false);
  });
});
