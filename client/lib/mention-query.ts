// The "@" autocomplete's text rules (issue 27), loaded with its list: where a mention being typed starts,
// whom it matches, and the text once someone is picked.
import type { MentionCandidate } from './mentions.ts';

/** The longest a query runs after its "@" (names have spaces, so a space does not end it). */
export const MAX_QUERY = 40;
/** At most this many people show at once: typing more narrows them. */
export const MAX_SHOWN = 8;

export interface MentionQuery {
  /** Where its "@" is. */
  at: number;
  /** What follows the "@" up to the caret. */
  text: string;
}

/**
 * The mention being typed before `caret`: the last "@" that starts a word (at the start, or after a space or
 * an opening bracket or quote: an e-mail address's "@" is not one), with no line break after it.
 */
export function mentionQuery(value: string, caret: number): MentionQuery | null {
  const before = value.slice(Math.max(0, caret - MAX_QUERY - 1), caret);
  const at = before.lastIndexOf('@');
  if (at === -1) return null;
  const start = caret - before.length + at;
  const text = before.slice(at + 1);
  if (/[\r\n]/.test(text) || /^\s/.test(text)) return null;
  if (start > 0 && !/[\s([{"'“‘]/.test(value[start - 1]!)) return null;
  return { at: start, text };
}

const fold = (s: string) => s.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/**
 * The people whose name holds `query` (case and accents aside; a trailing space counts, so "@Bob " no longer
 * offers Bob but still "Bob Smith"): names that start with it first, then those with a word that does, then
 * the rest; alphabetical within each; at most MAX_SHOWN.
 */
export function matchCandidates(people: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const q = fold(query);
  const ranked: { person: MentionCandidate; rank: number }[] = [];
  for (const person of people) {
    const name = fold(person.name);
    const index = name.indexOf(q);
    if (index === -1) continue;
    const rank = index === 0 ? 0 : /\s/.test(name[index - 1]!) ? 1 : 2;
    ranked.push({ person, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || a.person.name.localeCompare(b.person.name))
    .slice(0, MAX_SHOWN)
    .map((r) => r.person);
}

/**
 * The text with the typed "@query" replaced by "@" + `name` and a space (none added when one follows), and
 * where the caret goes: after that space.
 */
export function insertMention(
  value: string,
  query: MentionQuery,
  caret: number,
  name: string,
): { value: string; caret: number } {
  const after = value.slice(caret);
  const inserted = `@${name}${/^\s/.test(after) ? '' : ' '}`;
  return {
    value: value.slice(0, query.at) + inserted + after,
    caret: query.at + inserted.length + (/^\s/.test(after) ? 1 : 0),
  };
}
