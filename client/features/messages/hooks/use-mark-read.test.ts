import { describe, expect, it } from 'vitest';
import { ME } from '../test/conversations.ts';
import { makeMessage, mine } from '../test/thread-server.ts';
import { markReadKey } from './use-mark-read.ts';

describe('markReadKey', () => {
  it("names the other person's newest unread message", () => {
    const a = makeMessage();
    const b = makeMessage();
    expect(markReadKey([a, b, mine()], ME.id, 0, true)).toBe(b.id);
    expect(markReadKey([a, { ...b, isRead: true }], ME.id, 0, true)).toBe(a.id);
  });

  it("opens with the list's count when the messages show nothing unread, once", () => {
    const read = { ...makeMessage(), isRead: true };
    expect(markReadKey([read], ME.id, 2, false)).toBe('open');
    expect(markReadKey([read], ME.id, 2, true)).toBeNull();
    expect(markReadKey([read, mine()], ME.id, 0, false)).toBeNull();
  });

  it('ignores messages the last mark already covered (a poll answered before it)', () => {
    const a = makeMessage({ createdAt: '2026-01-01T10:00:00.000000Z' });
    const b = makeMessage({ createdAt: '2026-01-01T10:00:05.000000Z' });
    expect(markReadKey([a, b], ME.id, 0, true, '2026-01-01T10:00:01.000000Z')).toBe(b.id);
    expect(markReadKey([a, b], ME.id, 0, true, '2026-01-01T10:00:06.000000Z')).toBeNull();
  });
});
