import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../../home/test/render.tsx';
import { makeComment } from '../../lib/test-posts.ts';
import { CommentItem } from './comment-item.tsx';
import { LinkedText } from './linked-text.tsx';

afterEach(cleanup);

const ADA = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada King', as: '@Ada Lovelace' };

describe('LinkedText with mentions', () => {
  it('shows a listed mention highlighted under the current name, and keeps line breaks and links', () => {
    const text = 'Hi @Ada Lovelace,\nsee https://example.test/a and @Bob Gone';
    const { container } = render(<LinkedText text={text} mentions={[ADA]} />);
    const p = container.querySelector('p')!;
    expect(p.className).toContain('whitespace-pre-wrap');
    expect(p.textContent).toBe('Hi @Ada King,\nsee https://example.test/a and @Bob Gone');
    const mentions = [...p.querySelectorAll('[data-mention]')];
    expect(mentions.map((m) => [m.getAttribute('data-mention'), m.textContent, m.tagName])).toEqual([
      [ADA.id, '@Ada King', 'SPAN'],
    ]);
    expect(mentions[0]!.className).toContain('font-semibold');
    expect(p.querySelector('a')!.getAttribute('href')).toBe('https://example.test/a');
  });

  it('leaves an "@Name" the item does not list as plain text (someone who left)', () => {
    const { container } = render(<LinkedText text="Thanks @Ada Lovelace" mentions={[]} />);
    expect(container.querySelector('[data-mention]')).toBeNull();
    expect(container.textContent).toBe('Thanks @Ada Lovelace');
    const none = render(<LinkedText text="Thanks @Ada Lovelace" />).container;
    expect(none.querySelector('[data-mention]')).toBeNull();
  });

  it("takes a link's own characters as the link's: a mention inside a URL stays part of it", () => {
    const bob = { id: 'b', name: 'Bob', as: '@Bob' };
    const { container } = render(<LinkedText text="https://example.test/@Bob and @Bob" mentions={[bob]} />);
    expect(container.querySelector('a')!.textContent).toBe('https://example.test/@Bob');
    expect([...container.querySelectorAll('[data-mention]')].map((m) => m.textContent)).toEqual(['@Bob']);
  });

  it('a comment shows its mentions the same way', () => {
    const comment = makeComment({ content: 'Agreed, @Ada Lovelace', mentions: [ADA] });
    const { container } = render(
      <ul>
        <CommentItem comment={comment} />
      </ul>,
    );
    expect(container.querySelector('[data-mention]')!.textContent).toBe('@Ada King');
  });
});
