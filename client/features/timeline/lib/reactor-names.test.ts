// Who reacted, as one sentence (issue 25 item 9).
import { describe, expect, it } from 'vitest';
import { reactorNames } from './reactor-names.ts';

const person = (id: string, name: string) => ({ id, name, profileImageUrl: null });
const ME = '00000000-0000-4000-8000-000000000001';

describe('reactorNames', () => {
  it('names everyone, the caller as "You", in the order given', () => {
    const users = [person('a', 'Pat the Great'), person(ME, 'Olive Owner'), person('c', 'Member')];
    expect(reactorNames({ emoji: '👍', count: 3, users }, ME)).toBe('Pat the Great, You, and Member');
    expect(reactorNames({ emoji: '👍', count: 1, users: [person(ME, 'Olive')] }, ME)).toBe('You');
    expect(reactorNames({ emoji: '👍', count: 2, users: users.slice(0, 2) })).toBe(
      'Pat the Great and Olive Owner',
    );
  });

  it('counts those past the names the server sent', () => {
    const users = [person('a', 'Ana'), person('b', 'Bo')];
    expect(reactorNames({ emoji: '🎉', count: 3, users })).toBe('Ana, Bo, and 1 other');
    expect(reactorNames({ emoji: '🎉', count: 60, users })).toBe('Ana, Bo, and 58 others');
  });

  it('an emoji nobody holds any more', () => {
    expect(reactorNames(undefined)).toBe('No one yet');
    expect(reactorNames({ emoji: '🎉', count: 0, users: [] })).toBe('No one yet');
  });
});
