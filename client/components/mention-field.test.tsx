import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, typeInto, waitFor } from '../features/home/test/render.tsx';
import type { Mention, MentionCandidate } from '../lib/mentions.ts';
import { useMentionField } from './mention-field.tsx';

const person = (id: string, name: string): MentionCandidate => ({ id, name, user: { displayName: name } });
const ADA = person('ada', 'Ada Lovelace');
const ADAM = person('adam', 'Adam Smith');
const BOB = person('bob', 'Bob Stone');
const PEOPLE = [ADA, ADAM, BOB];

interface Probe {
  ids: (text: string) => string[] | undefined;
  sent: string[];
}

/** A controlled field with the hook, as the composers use it: Enter "sends" what the list does not take. */
function Field({
  probe,
  candidates = () => PEOPLE,
  initial,
  initialText = '',
}: {
  probe: Probe;
  candidates?: () => readonly MentionCandidate[] | Promise<readonly MentionCandidate[]>;
  initial?: readonly Mention[];
  initialText?: string;
}) {
  const [text, setText] = React.useState(initialText);
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const mention = useMentionField(ref, { value: text, onValue: setText, candidates, initial });
  probe.ids = mention.ids;
  return (
    <div style={{ position: 'relative' }}>
      <textarea
        ref={ref}
        aria-label="Text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onInput={mention.onInput}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Escape') probe.sent.push(`${e.key}:${text}`);
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            setText('');
          }
        }}
      />
      {mention.list}
    </div>
  );
}

function mount(props: Omit<React.ComponentProps<typeof Field>, 'probe'> = {}) {
  const probe: Probe = { ids: () => undefined, sent: [] };
  const { container } = render(<Field probe={probe} {...props} />);
  const field = container.querySelector('textarea')!;
  act(() => field.focus());
  return { probe, field, container };
}

const listbox = () => document.querySelector<HTMLElement>('[role="listbox"]');
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
/** The options' names (each option is an avatar, hidden from assistive technology, then the name). */
const names = () => options().map((o) => o.lastElementChild?.textContent);
const press = (el: HTMLElement, key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });

/** Types `text` with the caret at its end (or at `caret`), as the browser reports it. */
function type(field: HTMLTextAreaElement, text: string, caret = text.length) {
  typeInto(field, text);
  act(() => {
    field.setSelectionRange(caret, caret);
    field.dispatchEvent(new Event('keyup', { bubbles: true }));
  });
}

async function openList(field: HTMLTextAreaElement, text: string) {
  type(field, text);
  await waitFor(() => expect(listbox()).not.toBeNull());
}

afterEach(cleanup);

describe('useMentionField', () => {
  it('is a plain field until "@" is typed; nothing is asked for before', async () => {
    const candidates = vi.fn(() => PEOPLE);
    const { field } = mount({ candidates });
    type(field, 'Hello there, ada@example.test');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    // An e-mail address's "@" loads the list's code, but starts no mention.
    expect(listbox()).toBeNull();
    expect(candidates).not.toHaveBeenCalled();
    const { field: other } = mount({ candidates });
    expect(other.hasAttribute('role')).toBe(false);
    expect(other.hasAttribute('aria-expanded')).toBe(false);
  });

  it('"@" opens a listbox of everyone offered, filtered as one types; the field is its combobox', async () => {
    const { field } = mount();
    await openList(field, 'Hi @');
    expect(names()).toEqual(['Ada Lovelace', 'Adam Smith', 'Bob Stone']);
    const list = listbox()!;
    expect(field.getAttribute('role')).toBe('combobox');
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(list.getAttribute('aria-label')).toBe('People to mention');
    // The first option is the active one, named by the field; each option shows an avatar and the name.
    expect(field.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('false');
    await waitFor(() => expect(options()[0]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('AL'));

    type(field, 'Hi @ad');
    expect(names()).toEqual(['Ada Lovelace', 'Adam Smith']);
    type(field, 'Hi @Bob S');
    expect(names()).toEqual(['Bob Stone']);
    type(field, 'Hi @Zed');
    expect(listbox()).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.hasAttribute('aria-controls')).toBe(false);
    expect(field.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('ArrowDown and ArrowUp move the active option (round), and the field says which', async () => {
    const { field } = mount();
    await openList(field, '@');
    const active = () =>
      document.getElementById(field.getAttribute('aria-activedescendant')!)!.lastElementChild?.textContent;
    press(field, 'ArrowDown');
    expect(active()).toBe('Adam Smith');
    press(field, 'ArrowDown');
    press(field, 'ArrowDown');
    expect(active()).toBe('Ada Lovelace');
    press(field, 'ArrowUp');
    expect(active()).toBe('Bob Stone');
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
  });

  it('Enter picks: "@Name " replaces the query at the caret, the caret follows it, the field does not send', async () => {
    const { field, probe } = mount();
    type(field, 'Hi @ad see you', 6);
    await waitFor(() => expect(listbox()).not.toBeNull());
    press(field, 'ArrowDown');
    press(field, 'Enter');
    expect(field.value).toBe('Hi @Adam Smith see you');
    expect(field.selectionStart).toBe('Hi @Adam Smith '.length);
    expect(listbox()).toBeNull();
    expect(probe.sent).toEqual([]);
    expect(probe.ids(field.value)).toEqual(['adam']);
    // With the list closed, Enter is the field's again.
    press(field, 'Enter');
    expect(probe.sent).toEqual(['Enter:Hi @Adam Smith see you']);
  });

  it('Tab picks too; a click on an option picks it and keeps the focus in the field', async () => {
    const { field, probe } = mount();
    await openList(field, '@b');
    press(field, 'Tab');
    expect(field.value).toBe('@Bob Stone ');
    await openList(field, '@Bob Stone and @a');
    const ada = options().find((o) => o.lastElementChild?.textContent === 'Ada Lovelace')!;
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    act(() => {
      ada.dispatchEvent(down);
    });
    expect(down.defaultPrevented).toBe(true);
    act(() => ada.click());
    expect(field.value).toBe('@Bob Stone and @Ada Lovelace ');
    expect(document.activeElement).toBe(field);
    expect(probe.ids(field.value)).toEqual(['bob', 'ada']);
  });

  it('keeps an id only while the text still holds "@Name", whole', async () => {
    const { field, probe } = mount();
    await openList(field, '@ada');
    press(field, 'Enter');
    expect(probe.ids(field.value)).toEqual(['ada']);
    type(field, 'Hello @Ada Lovelaced');
    expect(probe.ids(field.value)).toBeUndefined();
    type(field, 'Hello @Ada Lovelace.');
    expect(probe.ids(field.value)).toEqual(['ada']);
    type(field, 'Hello @Ada');
    expect(probe.ids(field.value)).toBeUndefined();
  });

  it('after a send (the field emptied) nobody is picked any more', async () => {
    const { field, probe } = mount();
    await openList(field, '@bo');
    press(field, 'Enter');
    press(field, 'Enter');
    expect(field.value).toBe('');
    // Typed by hand, not picked: the name alone mentions nobody.
    type(field, '@Bob Stone ');
    expect(probe.ids(field.value)).toBeUndefined();
  });

  it('Escape closes the list only: not the dialog around it, not the field; it stays closed for that "@"', async () => {
    const { field, probe } = mount();
    // Radix's dialogs listen for Escape on the document, capturing.
    const dialogEscape = vi.fn();
    document.addEventListener('keydown', dialogEscape, true);
    try {
      await openList(field, '@a');
      press(field, 'Escape');
      expect(listbox()).toBeNull();
      expect(field.getAttribute('aria-expanded')).toBe('false');
      expect(dialogEscape).not.toHaveBeenCalled();
      expect(probe.sent).toEqual([]);
      type(field, '@ad');
      expect(listbox()).toBeNull();
      // A closed list lets Escape through.
      press(field, 'Escape');
      expect(dialogEscape).toHaveBeenCalledTimes(1);
      // A new "@" opens again.
      await openList(field, '@ad @b');
      expect(names()).toEqual(['Bob Stone']);
    } finally {
      document.removeEventListener('keydown', dialogEscape, true);
    }
  });

  it('closes when the field loses focus, and opens again when it comes back', async () => {
    const { field } = mount();
    await openList(field, '@a');
    act(() => field.blur());
    expect(listbox()).toBeNull();
    act(() => field.focus());
    await waitFor(() => expect(listbox()).not.toBeNull());
  });

  it('asks for the people each time a list opens (they may load later)', async () => {
    let answer: (people: MentionCandidate[]) => void = () => {};
    const candidates = vi.fn(() => new Promise<MentionCandidate[]>((resolve) => (answer = resolve)));
    const { field } = mount({ candidates });
    type(field, '@');
    await waitFor(() => expect(candidates).toHaveBeenCalledTimes(1));
    expect(listbox()).toBeNull();
    await act(async () => answer([BOB]));
    expect(names()).toEqual(['Bob Stone']);
    type(field, '@ x');
    type(field, '@ x @');
    await waitFor(() => expect(candidates).toHaveBeenCalledTimes(2));
  });

  it("an edit keeps the text's own mentions while it holds them, and adds those picked", async () => {
    const { field, probe } = mount({
      initialText: 'Thanks @Ada Lovelace',
      initial: [{ id: 'ada', name: 'Ada Lovelace', as: '@Ada Lovelace' }],
    });
    // Nothing typed yet: the edit leaves the mentions as they are.
    expect(probe.ids(field.value)).toBeUndefined();
    await openList(field, 'Thanks @Ada Lovelace and @bo');
    press(field, 'Enter');
    expect(probe.ids(field.value)).toEqual(['ada', 'bob']);
    type(field, 'Thanks and @Bob Stone');
    expect(probe.ids(field.value)).toEqual(['bob']);
  });

  it('refuses a pick that would pass the field’s limit', async () => {
    const { field } = mount();
    field.maxLength = 8;
    await openList(field, '@a');
    press(field, 'Enter');
    expect(field.value).toBe('@a');
  });
});
