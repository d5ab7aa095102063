import { describe, expect, it } from 'vitest';
import { splitMentions } from './mentions.ts';

const ADA = { id: 'a', name: 'Ada Lovelace', as: '@Ada Lovelace' };

describe('splitMentions', () => {
  it('shows a listed mention under the current name, wherever its "@Name" as typed is', () => {
    const renamed = { id: 'a', name: 'Ada King', as: '@Ada Lovelace' };
    expect(splitMentions('Hi @Ada Lovelace, and again @Ada Lovelace!', [renamed])).toEqual([
      'Hi ',
      { id: 'a', text: '@Ada King' },
      ', and again ',
      { id: 'a', text: '@Ada King' },
      '!',
    ]);
  });

  it('leaves text alone with no mentions, or an "@Name" that is not listed (someone who left)', () => {
    expect(splitMentions('Hi @Bob', undefined)).toEqual(['Hi @Bob']);
    expect(splitMentions('Hi @Bob', [])).toEqual(['Hi @Bob']);
    expect(splitMentions('Hi @Bob and @Ada Lovelace', [ADA]).filter(Boolean)).toEqual([
      'Hi @Bob and ',
      { id: 'a', text: '@Ada Lovelace' },
    ]);
  });

  it('takes whole names only, the longest first', () => {
    const ann = { id: 'n', name: 'Ann', as: '@Ann' };
    const anna = { id: 'na', name: 'Anna', as: '@Anna' };
    // "@Ann" is not the start of "@Annabel", nor of "@Anna" when Anna is listed too.
    expect(splitMentions('@Annabel', [ann])).toEqual(['@Annabel']);
    expect(splitMentions('@Anna @Ann.', [ann, anna]).filter(Boolean)).toEqual([
      { id: 'na', text: '@Anna' },
      ' ',
      { id: 'n', text: '@Ann' },
      '.',
    ]);
    expect(splitMentions('@Ann_x @Ann2 @Anné', [ann])).toEqual(['@Ann_x @Ann2 @Anné']);
  });

  it('reads names with characters that mean something in a pattern as they are', () => {
    const odd = { id: 'o', name: 'O.K. (Kay) [1]+?', as: '@O.K. (Kay) [1]+?' };
    expect(splitMentions('cc @O.K. (Kay) [1]+? thanks', [odd])).toEqual([
      'cc ',
      { id: 'o', text: '@O.K. (Kay) [1]+?' },
      ' thanks',
    ]);
    expect(splitMentions('cc @OxK. (Kay) [1]+?', [odd])).toEqual(['cc @OxK. (Kay) [1]+?']);
  });
});
