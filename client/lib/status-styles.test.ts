import { describe, expect, it } from 'vitest';
import { REQUEST_STATUS_STYLES, statusWord, TIMELINE_STATE_STYLES } from './status-styles.ts';

describe('status colours', () => {
  it('shows pending in purple, the dashboard badge colour, and every status in its own colour', () => {
    expect(REQUEST_STATUS_STYLES.pending).toContain('purple');
    const colours = Object.values(REQUEST_STATUS_STYLES).map((c) => /bg-(\w+)-/.exec(c)?.[1]);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('shows archived in amber, like archived cards', () => {
    expect(TIMELINE_STATE_STYLES.archived).toContain('amber');
  });

  it('capitalises a status word', () => {
    expect(statusWord('pending')).toBe('Pending');
  });
});
