// @mentions in shown text (issue 27, DECISIONS §10): an item lists whom it mentions as {id, name, as}, `as`
// being the "@Name" its text holds as typed; the text shows "@" + the current name in its place (so a rename
// shows). A mention not listed (someone who left, or never could read it) stays plain text.
import type { NameParts } from '../../common/names.ts';
import type { Mention } from '../../common/schemas/notifications.ts';

export type { Mention };

/** Someone the "@" list offers: the id sent, the name inserted, the avatar shown. */
export interface MentionCandidate {
  id: string;
  name: string;
  user: NameParts & { profileImageUrl?: string | null };
}

export type MentionPiece = string | { id: string; text: string };

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut at each listed mention, which becomes "@" + the person's name now. A whole name only, as the
 * server stores it (common/mentions.ts: no letter, mark, digit or "_" right after), the longest first, so a
 * listed "@Ann" never takes the start of "@Anna".
 */
export function splitMentions(text: string, mentions: readonly Mention[] | undefined): MentionPiece[] {
  if (!mentions?.length) return [text];
  const byAs = new Map(mentions.map((m) => [m.as, m]));
  const names = [...byAs.keys()].sort((a, b) => b.length - a.length).map(literal);
  // Captured, the mentions sit at the odd places of the split.
  return text.split(new RegExp(`(${names.join('|')})(?![\\p{L}\\p{M}\\p{N}_])`, 'u')).map((part, i) => {
    const mention = i % 2 ? byAs.get(part) : undefined;
    return mention ? { id: mention.id, text: `@${mention.name}` } : part;
  });
}
