// The "@" list (issue 27), loaded with the first "@" typed in a field (mention-field.tsx). The field becomes an
// ARIA combobox (WAI-ARIA APG: focus stays in the field; aria-expanded, aria-controls and aria-activedescendant
// name the list and its active option). ArrowDown/ArrowUp move, Enter or Tab picks, Escape closes the list and
// nothing around it (a dialog stays open), a click or tap picks. The role is set here, not in the page's
// markup: a textarea is a textbox to HTML validators and Lighthouse, and only a field in use needs to be more.
import * as React from 'react';
import { holdsMention } from '../../common/mentions.ts';
import { insertMention, type MentionQuery, matchCandidates, mentionQuery } from '../lib/mention-query.ts';
import type { MentionCandidate } from '../lib/mentions.ts';
import { cn } from '../lib/utils.ts';
import type { MentionFieldOptions, MentionPicks } from './mention-field.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The list's tallest, in px; less when the viewport has less room on the side it opens. */
const MAX_HEIGHT = 240;
/** Room kept between the list and the viewport's edge. */
const MARGIN = 8;

const sameQuery = (a: MentionQuery | null, b: MentionQuery | null) => a?.at === b?.at && a?.text === b?.text;

/** Sets or removes the field's ARIA attributes (null removes). */
function setAttributes(el: HTMLElement, attributes: Record<string, string | null>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }
}

export function MentionList({
  field,
  picks,
  value,
  onValue,
  candidates,
  initial,
}: MentionFieldOptions & {
  field: React.RefObject<HTMLTextAreaElement | null>;
  picks: React.RefObject<MentionPicks | null>;
}) {
  const listId = React.useId();
  const listRef = React.useRef<HTMLDivElement>(null);
  const [query, setQuery] = React.useState<MentionQuery | null>(null);
  // The "@" whose list was closed (Escape, or a pick): it stays closed until the caret leaves it.
  const [dismissed, setDismissed] = React.useState<number | null>(null);
  const [people, setPeople] = React.useState<readonly MentionCandidate[]>([]);
  const [active, setActive] = React.useState(0);
  const [place, setPlace] = React.useState({ above: false, maxHeight: MAX_HEIGHT });
  const caretAfterPick = React.useRef<number | null>(null);
  // id -> the "@Name" inserted; an edited text starts with its own mentions.
  const [picked] = React.useState(() => new Map(initial?.map((m) => [m.id, m.as])));
  picks.current = {
    ids: (text) => {
      const ids = [...picked].filter(([, as]) => holdsMention(text, as)).map(([id]) => id);
      return ids.length > 0 ? ids : undefined;
    },
  };

  const matches = React.useMemo(
    () => (query && query.at !== dismissed ? matchCandidates(people, query.text) : []),
    [query, dismissed, people],
  );
  const open = matches.length > 0;
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (person: MentionCandidate) => {
    const el = field.current;
    if (!el || !query) return;
    const next = insertMention(el.value, query, el.selectionStart, person.name);
    // A pick past the field's limit is refused, as typing past it is.
    if (el.maxLength > 0 && next.value.length > el.maxLength) return;
    picked.set(person.id, `@${person.name}`);
    setDismissed(query.at);
    caretAfterPick.current = next.caret;
    onValue(next.value);
    el.focus();
  };

  // What the key handlers read: the latest render's state, without re-attaching them each render.
  const latest = React.useRef({ matches, activeIndex, query, pick });
  latest.current = { matches, activeIndex, query, pick };
  const candidatesRef = React.useRef(candidates);
  candidatesRef.current = candidates;

  React.useEffect(() => {
    const el = field.current;
    if (!el) return;
    const sync = () => {
      const caret = el.selectionStart === el.selectionEnd ? el.selectionStart : -1;
      const next = caret < 0 ? null : mentionQuery(el.value, caret);
      // A new query starts at its best match.
      if (!sameQuery(latest.current.query, next)) {
        setQuery(next);
        setActive(0);
      }
      // The caret left the "@" that was closed: it may open again when the caret comes back.
      setDismissed((at) => (next?.at === at ? at : null));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { matches, activeIndex, pick } = latest.current;
      const n = matches.length;
      if (n === 0 || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : n - 1)) % n);
      } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        pick(matches[activeIndex]!);
      } else return;
      // Handled here: the field's own keys (Enter sends) never see it.
      event.preventDefault();
      event.stopPropagation();
    };
    // Before the dialogs' own Escape (Radix listens on the document, capturing): only the list closes.
    const onEscape = (event: KeyboardEvent) => {
      const { matches, query } = latest.current;
      if (event.key !== 'Escape' || event.target !== el || matches.length === 0 || !query) return;
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query.at);
    };
    const close = () => setQuery(null);
    for (const type of ['input', 'click', 'keyup', 'focus']) el.addEventListener(type, sync);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('blur', close);
    window.addEventListener('keydown', onEscape, true);
    sync();
    return () => {
      for (const type of ['input', 'click', 'keyup', 'focus']) el.removeEventListener(type, sync);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('blur', close);
      window.removeEventListener('keydown', onEscape, true);
      setAttributes(el, {
        role: null,
        'aria-autocomplete': null,
        'aria-expanded': null,
        'aria-controls': null,
        'aria-activedescendant': null,
      });
    };
  }, [field]);

  // Each list asks who may be mentioned now (members come and go).
  const asking = query !== null && query.at !== dismissed;
  React.useEffect(() => {
    if (!asking) return;
    let current = true;
    Promise.resolve(candidatesRef.current()).then(
      (list) => current && setPeople(list),
      (error: unknown) => console.warn('Could not load the people to mention', error),
    );
    return () => {
      current = false;
    };
  }, [asking]);

  React.useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    setAttributes(el, {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': String(open),
      'aria-controls': open ? listId : null,
      'aria-activedescendant': open ? optionId(activeIndex) : null,
    });
  });

  // The caret goes after the inserted name once the field shows it. Sent (the field emptied), the next text
  // starts with nobody picked.
  React.useLayoutEffect(() => {
    if (value === '') picked.clear();
    const caret = caretAfterPick.current;
    if (caret === null) return;
    caretAfterPick.current = null;
    field.current?.setSelectionRange(caret, caret);
  }, [value, picked, field]);

  // Below the field, or above it when the viewport has more room there; never taller than that room.
  React.useLayoutEffect(() => {
    const box = listRef.current?.offsetParent;
    if (!open || !box) return;
    const rect = box.getBoundingClientRect();
    const below = window.innerHeight - rect.bottom - MARGIN;
    const above = rect.top - MARGIN;
    const up = below < MAX_HEIGHT && above > below;
    setPlace({ above: up, maxHeight: Math.max(48, Math.min(MAX_HEIGHT, up ? above : below)) });
  }, [open]);

  React.useEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  if (!open) return null;
  return (
    <div
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label="People to mention"
      style={{ maxHeight: place.maxHeight }}
      className={cn(
        'absolute left-0 z-30 w-full max-w-xs overflow-y-auto overscroll-contain rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg',
        place.above ? 'bottom-full mb-1' : 'top-full mt-1',
      )}
    >
      {matches.map((person, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys act in the field (aria-activedescendant)
        <div
          key={person.id}
          id={optionId(i)}
          role="option"
          // Reached from the field by its keys, never by Tab.
          tabIndex={-1}
          aria-selected={i === activeIndex}
          className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm aria-selected:bg-muted"
          // The field keeps the focus (and its caret) through a click or tap.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(person)}
        >
          <span aria-hidden="true" className="flex shrink-0">
            <UserAvatar user={person.user} className="size-6" fallbackClassName="text-[0.6rem]" />
          </span>
          {/* A long name wraps (anywhere, if it must): the list never scrolls sideways. */}
          <span className="min-w-0 wrap-anywhere">{person.name}</span>
        </div>
      ))}
    </div>
  );
}
