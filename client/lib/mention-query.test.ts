import { describe, expect, it } from 'vitest';
import { insertMention, MAX_SHOWN, matchCandidates, mentionQuery } from './mention-query.ts';
import type { MentionCandidate } from './mentions.ts';

const person = (name: string, id = name): MentionCandidate => ({ id, name, user: { displayName: name } });

describe('mentionQuery', () => {
  it('is the text from an "@" that starts a word up to the caret', () => {
    expect(mentionQuery('@', 1)).toEqual({ at: 0, text: '' });
    expect(mentionQuery('Hi @Ad', 6)).toEqual({ at: 3, text: 'Ad' });
    expect(mentionQuery('Hi @Ada L and more', 9)).toEqual({ at: 3, text: 'Ada L' });
    expect(mentionQuery('(@Bo', 4)).toEqual({ at: 1, text: 'Bo' });
    expect(mentionQuery('one\n@x', 6)).toEqual({ at: 4, text: 'x' });
  });

  it('is none without an "@", inside a word (an e-mail address), across a line, or after a space', () => {
    expect(mentionQuery('Hello', 5)).toBeNull();
    expect(mentionQuery('ada@example', 11)).toBeNull();
    expect(mentionQuery('@Ada\nLove', 9)).toBeNull();
    expect(mentionQuery('@ Ada', 5)).toBeNull();
    // Only what is before the caret counts.
    expect(mentionQuery('Hi @Ada', 2)).toBeNull();
  });

  it('gives up on a query longer than a name', () => {
    expect(mentionQuery(`@${'x'.repeat(40)}`, 41)).toEqual({ at: 0, text: 'x'.repeat(40) });
    expect(mentionQuery(`@${'x'.repeat(41)}`, 42)).toBeNull();
  });
});

describe('matchCandidates', () => {
  const people = [
    person('Zed Ada'),
    person('Ada Lovelace'),
    person('Adam'),
    person('Bob Smith'),
    person('Nadal'),
  ];

  it('everyone for an empty query, alphabetically', () => {
    expect(matchCandidates(people, '').map((p) => p.name)).toEqual([
      'Ada Lovelace',
      'Adam',
      'Bob Smith',
      'Nadal',
      'Zed Ada',
    ]);
  });

  it('names starting with the query first, then a word starting with it, then the rest; case and accents aside', () => {
    expect(matchCandidates(people, 'ada').map((p) => p.name)).toEqual([
      'Ada Lovelace',
      'Adam',
      'Zed Ada',
      'Nadal',
    ]);
    expect(matchCandidates([person('Zoë'), person('Zoe')], 'ZOE').map((p) => p.name)).toEqual(['Zoe', 'Zoë']);
    expect(matchCandidates(people, 'bob s').map((p) => p.name)).toEqual(['Bob Smith']);
    expect(matchCandidates(people, 'xyz')).toEqual([]);
  });

  it('a trailing space ends a whole name: "@Bob " offers "Bob Smith", not "Bob"', () => {
    expect(matchCandidates([person('Bob'), person('Bob Smith')], 'Bob ').map((p) => p.name)).toEqual([
      'Bob Smith',
    ]);
  });

  it(`shows at most ${MAX_SHOWN}`, () => {
    const many = Array.from({ length: 20 }, (_, i) => person(`Member ${String(i).padStart(2, '0')}`));
    expect(matchCandidates(many, 'mem')).toHaveLength(MAX_SHOWN);
  });
});

describe('insertMention', () => {
  it('replaces the typed query with "@Name " and puts the caret after the space', () => {
    expect(insertMention('Hi @Ad', { at: 3, text: 'Ad' }, 6, 'Ada Lovelace')).toEqual({
      value: 'Hi @Ada Lovelace ',
      caret: 17,
    });
  });

  it('keeps what follows the caret, adding no second space', () => {
    expect(insertMention('Hi @Ad see you', { at: 3, text: 'Ad' }, 6, 'Ada')).toEqual({
      value: 'Hi @Ada see you',
      caret: 8,
    });
    expect(insertMention('@B!', { at: 0, text: 'B' }, 2, 'Bob')).toEqual({ value: '@Bob !', caret: 5 });
  });
});
