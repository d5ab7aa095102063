import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../home/test/render.tsx';
import { makeMessage, mine } from '../test/thread-server.ts';
import { MessageBubble, messageTime } from './message-bubble.tsx';

afterEach(cleanup);

describe('messageTime', () => {
  const now = new Date(2026, 2, 4, 18, 0);
  it('shows the time today, the day this year, and the year before that', () => {
    const today = messageTime(new Date(2026, 2, 4, 9, 5).toISOString(), now);
    expect(today).toMatch(/9:05/);
    expect(today).not.toMatch(/Mar/);
    expect(messageTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toMatch(/Jan 2.*9:05/);
    expect(messageTime(new Date(2025, 0, 2, 9, 5).toISOString(), now)).toMatch(/2025/);
  });
});

describe('MessageBubble links (issue 25: as in posts)', () => {
  const links = (container: HTMLElement) =>
    [...container.querySelectorAll('a')].map((a) => [a.textContent, a.href, a.target, a.rel]);

  it('makes http(s) URLs links that open in a new tab, safely; the rest stays text', () => {
    const content = 'See https://example.org/guide. or (http://example.com/a_(b)) but javascript:alert(1)';
    const { container } = render(
      <ul>
        <MessageBubble message={makeMessage({ content })} own={false} senderName="Ada" />
      </ul>,
    );
    const rel = 'noopener noreferrer nofollow';
    expect(links(container)).toEqual([
      ['https://example.org/guide', 'https://example.org/guide', '_blank', rel],
      ['http://example.com/a_(b)', 'http://example.com/a_(b)', '_blank', rel],
    ]);
    expect(container.querySelector('p')!.textContent).toBe(content);
  });

  it('own messages: the link takes the bubble’s text colour', () => {
    const { container } = render(
      <ul>
        <MessageBubble message={mine({ content: 'https://example.org' })} own senderName="Ada" />
      </ul>,
    );
    const link = container.querySelector('a')!;
    expect(link.className).toContain('text-primary-foreground');
    expect(link.className.split(' ')).not.toContain('text-primary');
  });
});

describe('MessageBubble mentions (issue 27)', () => {
  const ada = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada King', as: '@Ada Lovelace' };

  it('shows a listed mention under the current name, in the bubble’s colour on one’s own; unlisted stays text', () => {
    const { container } = render(
      <ul>
        <MessageBubble
          message={mine({ content: 'Hi @Ada Lovelace', mentions: [ada] })}
          own
          senderName="Ada"
        />
        <MessageBubble message={makeMessage({ content: 'Hi @Ada Lovelace' })} own={false} senderName="Ada" />
      </ul>,
    );
    const [first, second] = [...container.querySelectorAll('li')];
    const mention = first!.querySelector('[data-mention]')!;
    expect(mention.textContent).toBe('@Ada King');
    expect(mention.className).toContain('text-primary-foreground');
    expect(mention.className.split(' ')).not.toContain('text-primary');
    expect(second!.querySelector('[data-mention]')).toBeNull();
    expect(second!.textContent).toContain('Hi @Ada Lovelace');
  });
});
