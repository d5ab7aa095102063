// How a mention sits in a text (issue 27; DECISIONS §10): "@" + the person's name as the autocomplete
// inserted it. One rule for the server (which stores a mention only when its text holds it) and the client.
// No zod here, so the client's entry can import it.
import { type NameParts, personName } from './names.ts';

/** The "@Name" the autocomplete inserts for someone: "@" + the name other members see. */
export const mentionAs = (person: NameParts) => `@${personName(person)}`;

/** A letter, mark or digit right after "@Name" means it is another, longer name ("@Ann" in "@Anna"). */
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

/** Whether `text` holds `as` ("@Name") at least once as a whole name (not the start of a longer word). */
export function holdsMention(text: string | null | undefined, as: string): boolean {
  if (!text || as.length < 2) return false;
  for (let at = text.indexOf(as); at !== -1; at = text.indexOf(as, at + 1)) {
    const next = text.slice(at + as.length).codePointAt(0);
    if (next === undefined || !WORD_CHAR.test(String.fromCodePoint(next))) return true;
  }
  return false;
}
