import { describe, expect, it } from 'vitest';
import { splitLinks } from './post-links.ts';

describe('splitLinks', () => {
  it('keeps plain text as one piece', () => {
    expect(splitLinks('hello\nworld')).toEqual([{ kind: 'text', text: 'hello\nworld' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('finds http and https links between text', () => {
    expect(splitLinks('see https://example.org/a?b=1#c and http://x.test now')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1#c', href: 'https://example.org/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(splitLinks('(https://example.org/x).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: ').' },
    ]);
    const wiki = 'https://en.wikipedia.org/wiki/Foo_(bar)';
    expect(splitLinks(`${wiki}!`)[0]).toEqual({ kind: 'link', text: wiki, href: wiki });
  });

  it('never links other schemes or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '<a href="x">y</a>',
      'ftp://x.test',
    ]) {
      expect(splitLinks(text).every((p) => p.kind === 'text')).toBe(true);
    }
    expect(splitLinks('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
  });

  it('stops a link at quotes and angle brackets', () => {
    const pieces = splitLinks('<https://example.org/"onmouseover=x>');
    expect(pieces.find((p) => p.kind === 'link')).toEqual({
      kind: 'link',
      text: 'https://example.org/',
      href: 'https://example.org/',
    });
  });
});
