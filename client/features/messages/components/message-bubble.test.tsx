import { describe, expect, it } from 'vitest';
import { messageTime } from './message-bubble.tsx';

describe('messageTime', () => {
  const now = new Date(2026, 2, 4, 18, 0);
  it('shows the time today, the day this year, and the year before that', () => {
    const today = messageTime(new Date(2026, 2, 4, 9, 5).toISOString(), now);
    expect(today).toMatch(/9:05/);
    expect(today).not.toMatch(/Mar/);
    expect(messageTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toMatch(/Jan 2.*9:05/);
    expect(messageTime(new Date(2025, 0, 2, 9, 5).toISOString(), now)).toMatch(/2025/);
  });
});
