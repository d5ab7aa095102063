// The "@" autocomplete of a text field (issue 27): the post composer, a comment box, the message box and the
// edit forms. Typing "@" loads the list (mention-list.tsx: a combobox on the field, a listbox of people), so no
// page's first load carries it: this hook is all the page holds. A pick inserts "@Name " and is remembered by
// id; `ids` gives the people whose "@Name" the text still holds, for the body's `mentions`.
import * as React from 'react';
import { lazyNamed } from '../lib/lazy-named.ts';
import type { Mention, MentionCandidate } from '../lib/mentions.ts';

const MentionList = lazyNamed(() => import('./mention-list.tsx'), 'MentionList');

export interface MentionFieldOptions {
  /** The field's text (a controlled textarea) and its setter: a pick changes it. */
  value: string;
  onValue: (value: string) => void;
  /** Who may be mentioned: only people who can read the text. Asked each time a list opens. */
  candidates: () => readonly MentionCandidate[] | Promise<readonly MentionCandidate[]>;
  /** An edited text's mentions: kept while the text holds their "@Name". */
  initial?: readonly Mention[];
}

/** What the list keeps of the people picked (set once it has loaded). */
export interface MentionPicks {
  ids: (text: string) => string[] | undefined;
}

export function useMentionField(
  field: React.RefObject<HTMLTextAreaElement | null>,
  options: MentionFieldOptions,
) {
  const [loaded, setLoaded] = React.useState(false);
  const picks = React.useRef<MentionPicks>(null);
  return {
    /** For the textarea: the first "@" loads the list. */
    onInput: (event: React.FormEvent<HTMLTextAreaElement>) => {
      if (event.currentTarget.value.includes('@')) setLoaded(true);
    },
    /** Rendered next to the textarea, inside a positioned box (the list opens below or above it). */
    list: loaded && (
      <React.Suspense fallback={null}>
        <MentionList field={field} picks={picks} {...options} />
      </React.Suspense>
    ),
    /**
     * The ids to send with `text`: those picked (or already mentioned) whose "@Name" it still holds. None
     * when no "@" was typed: an edit's body then leaves its mentions as they were, where the text holds them.
     */
    ids: (text: string) => picks.current?.ids(text),
  };
}
