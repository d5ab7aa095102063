// Scrolling with a made-up geometry (happy-dom lays nothing out): every message is 40 px tall in a 400 px box.
import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../common/schemas/conversation.ts';
import { button, cleanup, render } from '../../home/test/render.tsx';
import { ME } from '../test/conversations.ts';
import { makeMessage, mine } from '../test/thread-server.ts';
import { MessageList, type MessageListProps } from './message-list.tsx';

const ROW = 40;
const BOX = 400;
const restore: (() => void)[] = [];

function fakeGeometry() {
  for (const [name, get] of [
    ['scrollHeight', (el: HTMLElement) => el.querySelectorAll('li').length * ROW + ROW],
    ['clientHeight', () => BOX],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'message-list' ? get(this) : 0;
      },
    });
    restore.push(() => {
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    });
  }
}

beforeEach(fakeGeometry);
afterEach(() => {
  cleanup();
  for (const r of restore.splice(0)) r();
});

let setMessages: (m: Message[]) => void = () => {};
let props: Omit<MessageListProps, 'messages'>;

function Harness({ initial }: { initial: Message[] }) {
  const [messages, set] = React.useState(initial);
  setMessages = set;
  return <MessageList messages={messages} {...props} />;
}

const box = () => document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
const rows = () => box().querySelectorAll('li').length;
const scrollTo = (top: number) =>
  act(() => {
    box().scrollTop = top;
    box().dispatchEvent(new Event('scroll'));
  });
const bottom = () => box().scrollHeight;

function mount(messages: Message[], over: Partial<MessageListProps> = {}) {
  props = {
    meId: ME.id,
    otherName: 'Ada Lovelace',
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: vi.fn(),
    onJumped: vi.fn(),
    ...over,
  };
  render(<Harness initial={messages} />);
  return messages;
}

const many = (n: number) => Array.from({ length: n }, () => ({ ...makeMessage(), isRead: true }));

describe('MessageList scrolling', () => {
  it('opens at the newest message and follows arrivals while the reader stays there', () => {
    const list = mount(many(30));
    expect(box().scrollTop).toBe(bottom());
    act(() => setMessages([...list, makeMessage()]));
    expect(box().scrollTop).toBe(31 * ROW + ROW);
    expect(button(document.body, /new message/)).toBeUndefined();
  });

  it('stays where a reader who scrolled up is, counts arrivals, and jumps down on request', () => {
    let list = mount(many(30));
    scrollTo(300);
    list = [...list, makeMessage()];
    act(() => setMessages(list));
    expect(box().scrollTop).toBe(300);
    expect(button(document.body, '1 new message')).toBeTruthy();
    list = [...list, makeMessage(), makeMessage()];
    act(() => setMessages(list));
    expect(button(document.body, '3 new messages')).toBeTruthy();
    // The button floats inside the thread; its count is not a live region (the status line announces).
    act(() => button(document.body, '3 new messages')!.click());
    expect(box().scrollTop).toBe(bottom());
    expect(props.onJumped).toHaveBeenCalledOnce();
    expect(button(document.body, /new message/)).toBeUndefined();
  });

  it('always shows a message one sent oneself, and clears the count back at the bottom', () => {
    let list = mount(many(30));
    scrollTo(300);
    list = [...list, makeMessage()];
    act(() => setMessages(list));
    expect(button(document.body, '1 new message')).toBeTruthy();
    act(() => setMessages([...list, mine()]));
    expect(box().scrollTop).toBe(bottom());
    expect(button(document.body, /new message/)).toBeUndefined();
  });

  it('keeps at most 100 messages in the DOM, revealing more above without moving the view', () => {
    mount(many(250));
    expect(rows()).toBe(100);
    scrollTo(2000);
    scrollTo(50);
    expect(rows()).toBe(150);
    // 50 rows of 40 px came in above: the same messages stay in view.
    expect(box().scrollTop).toBe(50 + 50 * ROW);
    expect(props.onLoadOlder).not.toHaveBeenCalled();
    // Back at the newest, the window shrinks again.
    scrollTo(bottom());
    expect(rows()).toBe(100);
  });

  it('loads older pages at the top when everything loaded is shown, and by the button', () => {
    const onLoadOlder = vi.fn();
    mount(many(30), { hasOlder: true, onLoadOlder });
    scrollTo(500);
    scrollTo(20);
    expect(onLoadOlder).toHaveBeenCalledOnce();
    act(() => button(document.body, 'Load older messages')!.click());
    expect(onLoadOlder).toHaveBeenCalledTimes(2);
  });

  it('shows no load button when nothing is older, and the empty state', () => {
    mount([]);
    expect(button(document.body, 'Load older messages')).toBeUndefined();
    expect(box().textContent).toContain('No messages yet');
    expect(box().getAttribute('aria-label')).toBe('Messages with Ada Lovelace');
    expect(box().tabIndex).toBe(0);
  });
});
