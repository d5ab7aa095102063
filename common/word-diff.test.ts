import { describe, expect, it } from 'vitest';
import { type DiffPart, diffCounts, wordDiff } from './word-diff.ts';

const rebuild = (parts: DiffPart[], drop: DiffPart['kind']) =>
  parts
    .filter((p) => p.kind !== drop)
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks a replaced word as removed then added, the rest the same', () => {
    expect(wordDiff('the quick brown fox', 'the slow brown fox')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox' },
    ]);
  });

  it('a run of replaced words reads as the old words, then the new ones', () => {
    expect(wordDiff('the quick brown fox', 'the slow red fox')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick brown' },
      { kind: 'added', text: 'slow red' },
      { kind: 'same', text: ' fox' },
    ]);
  });

  it('words added at the end and removed at the start', () => {
    expect(wordDiff('hello world', 'hello world again')).toEqual([
      { kind: 'same', text: 'hello world' },
      { kind: 'added', text: ' again' },
    ]);
    expect(wordDiff('so hello world', 'hello world')).toEqual([
      { kind: 'removed', text: 'so ' },
      { kind: 'same', text: 'hello world' },
    ]);
  });

  it('identical texts are one same part; from and to nothing', () => {
    expect(wordDiff('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('keeps the common words of a reordering and line breaks', () => {
    const parts = wordDiff('one two three\nfour', 'three one two\nfour five');
    expect(rebuild(parts, 'removed')).toBe('three one two\nfour five');
    expect(rebuild(parts, 'added')).toBe('one two three\nfour');
    expect(diffCounts(parts)).toEqual({ added: 2, removed: 1 });
  });

  it('always rebuilds both texts, whatever the edit', () => {
    const words = ['a', 'b', 'c', 'd', ' ', '\n', 'e'];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed;
    };
    const text = () => Array.from({ length: random() % 20 }, () => words[random() % words.length]).join(' ');
    for (let n = 0; n < 200; n++) {
      const [before, after] = [text(), text()];
      const parts = wordDiff(before, after);
      expect(rebuild(parts, 'removed')).toBe(after);
      expect(rebuild(parts, 'added')).toBe(before);
    }
  });

  it('is quick at the post limit', () => {
    const long = Array.from({ length: 1600 }, (_, i) => `w${i}`).join(' ');
    const edited = long.replace('w10 ', 'x10 ').replace('w1500', 'y');
    const started = performance.now();
    expect(diffCounts(wordDiff(long, edited))).toEqual({ added: 2, removed: 2 });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
