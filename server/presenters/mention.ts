// Mentions as items show them (issue 27; DECISIONS §10): only people who can read the item now, under
// their current name, with the "@Name" its text holds. Anyone else's "@Name" stays plain text.
import type { StoredMention } from '../../common/notifications.ts';
import type { Mention } from '../../common/schemas/notifications.ts';
import { type MentionNames, mentionKey } from '../queries/mentions.ts';

export function presentMentions(
  stored: StoredMention[] | null | undefined,
  timelineId: string,
  names: MentionNames,
): Mention[] {
  const shown: Mention[] = [];
  for (const m of stored ?? []) {
    const name = names.get(mentionKey(timelineId, m.id));
    if (name !== undefined) shown.push({ id: m.id, name, as: m.as });
  }
  return shown;
}
