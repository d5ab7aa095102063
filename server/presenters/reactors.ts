// Who reacted, as GET /api/posts/{id}/reactions answers it: a name and a picture, never an e-mail.
import { personName } from '../../common/names.ts';
import type { PostReactors } from '../../common/schemas/reactors.ts';
import type { ReactorRow } from '../queries/reactors.ts';

export function presentReactors(postId: string, rows: readonly ReactorRow[]): PostReactors {
  const byEmoji = new Map<string, PostReactors['reactions'][number]>();
  for (const row of rows) {
    let entry = byEmoji.get(row.emoji);
    if (!entry) {
      entry = { emoji: row.emoji, count: row.total, users: [] };
      byEmoji.set(row.emoji, entry);
    }
    entry.users.push({ id: row.userId, name: personName(row), profileImageUrl: row.profileImageUrl });
  }
  return { postId, reactions: [...byEmoji.values()] };
}
