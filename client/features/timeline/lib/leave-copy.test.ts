import { describe, expect, it } from 'vitest';
import { leaveDescription } from './leave-copy.ts';

describe('leaveDescription', () => {
  it('says posts and comments stay and access is lost', () => {
    const text = leaveDescription('Book Club', false);
    expect(text).toContain('"Book Club"');
    expect(text).toContain('Your posts and comments will stay');
    expect(text).toContain('you will lose access');
  });

  it('needs the owner’s approval to rejoin when approval is required, else the same join code works', () => {
    expect(leaveDescription('X', true)).toContain('owner’s approval');
    expect(leaveDescription('X', true)).not.toContain('same join code');
    expect(leaveDescription('X', false)).toContain('same join code');
    expect(leaveDescription('X', false)).not.toContain('approval');
  });
});
