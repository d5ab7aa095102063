// The sentence of names a reaction's list shows (issue 25 item 9): the caller is "You", the rest by their
// names as the server gave them (never an e-mail), and those past the first page as "N others".
import type { PostReactors } from '../../../../common/schemas/reactors.ts';

type Entry = PostReactors['reactions'][number];

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

export function reactorNames(entry: Entry | undefined, currentUserId?: string): string {
  if (!entry || entry.users.length === 0) return 'No one yet';
  const names = entry.users.map((u) => (u.id === currentUserId ? 'You' : u.name));
  const more = entry.count - entry.users.length;
  if (more > 0) names.push(more === 1 ? '1 other' : `${more} others`);
  return list.format(names);
}
