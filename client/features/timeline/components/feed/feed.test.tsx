import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEART, type Post } from '../../../../../common/schemas/post.ts';
import type { Member, TimelineDetail } from '../../../../../common/schemas/timeline.ts';
import { TIMELINE_ERRORS } from '../../../../../common/timeline-errors.ts';
import {
  cleanup,
  button as findButton,
  jsonResponse as json,
  render as mount,
} from '../../../home/test/render.tsx';
import { AUTHOR_OWNER, ME, makeComment, makePost, makeTimeline } from '../../lib/test-posts.ts';
import { openPostMenu } from '../../test/post-menu.ts';
import { Feed, PROGRESSIVE_BATCH } from './feed.tsx';

// Which posts' text rendered, to tell which cards re-rendered.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('./linked-text.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./linked-text.tsx')>();
  return {
    LinkedText: (props: { text: string; className?: string }) => {
      rendered.push(props.text);
      return real.LinkedText(props);
    },
  };
});

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const TIMELINE = makeTimeline({ ownerId: '00000000-0000-4000-9000-00000000000f' });
const members: Member[] = [
  AUTHOR_OWNER,
  { userId: ME.id, role: 'participant', joinedAt: '2026-01-01T00:00:00Z', user: { ...ME, bio: null } },
];

let container: HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** fetch answering the signed-in user, the feed pages and whatever `handler` takes. */
function stubFetch(feed: Post[], handler: Handler = () => json({ message: 'Not found' }, 404)) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/user') return json(ME);
    // The first page; later pages (the scroll sentinel may ask) are empty.
    if (url.startsWith(`/api/timelines/${TIMELINE.id}/posts`))
      return json(url.includes('cursor=') ? [] : feed);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function flush() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

/** TanStack Query notifies React on a setTimeout(0) batch: poll instead of counting ticks (CI is slower). */
const settle = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });

async function render(timeline: Partial<TimelineDetail> = {}) {
  container = mount(
    <Feed
      timeline={{ ...TIMELINE, ...timeline }}
      members={members}
      currentUserId={ME.id}
      searchOpen={false}
      filterOpen={false}
    />,
  ).container;
  await vi.waitFor(async () => {
    await flush();
    expect(container.querySelector('[aria-label="Loading posts"]')).toBeNull();
  }, 5000);
}

const articles = () => [...container.querySelectorAll('[role="article"]')];
const button = (scope: ParentNode, name: RegExp) => findButton(scope, name) as HTMLButtonElement;

describe('Feed', () => {
  it('shows the pinned post first with its label, tombstones, and Load More after a full page', async () => {
    const pinned = makePost({ content: 'Rules', isPinned: true });
    const gone = makePost({ content: null, deletedAt: '2026-03-04T10:00:00Z' });
    const rest = Array.from({ length: 19 }, (_, i) => makePost({ content: `Post ${i}` }));
    stubFetch([pinned, gone, ...rest]);
    await render();
    expect(articles()[0]!.textContent).toContain('Pinned Post');
    expect(articles()[0]!.textContent).toContain('Rules');
    expect(container.textContent).toContain('Post by Ada Lovelace was deleted on');
    expect(articles()).toHaveLength(20);
    expect(button(container, /Load More Posts/)).toBeTruthy();
  });

  it('renders a first page a few posts a frame, and asks for more only once all of them show', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const calls = stubFetch(Array.from({ length: 20 }, (_, i) => makePost({ content: `Post ${i}` })));
    await render();
    expect(articles()).toHaveLength(PROGRESSIVE_BATCH);
    expect(articles()[0]!.textContent).toContain('Post 0');
    expect(button(container, /Load More Posts/)).toBeUndefined();
    expect(calls.some((c) => c.url.includes('cursor='))).toBe(false);
    while (frames.length > 0) {
      await act(async () => frames.shift()?.(0));
      await flush();
    }
    expect(articles()).toHaveLength(20);
    expect(button(container, /Load More Posts/)).toBeTruthy();
  });

  it('shows the empty state, and the notice instead of the composer when participants may not post', async () => {
    stubFetch([]);
    await render({ allowParticipantPosts: false });
    expect(container.textContent).toContain('No posts yet');
    expect(container.textContent).toContain('Be the first to share something on this threadline!');
    expect(container.textContent).toContain(
      'Posting is currently disabled for participants in this threadline.',
    );
    expect(container.querySelector('textarea[placeholder^="Share"]')).toBeNull();
    expect(button(container, /Load More Posts/)).toBeUndefined();
  });

  it('likes at once, without refetching the feed, and takes it back when the server refuses', async () => {
    const post = makePost({ reactionCounts: { [HEART]: 1 } });
    let answer: (r: Response) => void = () => {};
    const calls = stubFetch([post], () => new Promise<Response>((resolve) => (answer = resolve)));
    await render();
    const like = button(articles()[0]!, /Like/);
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await act(async () => like.click());
    // Before the server answers.
    await settle(() => {
      expect(like.getAttribute('aria-pressed')).toBe('true');
      expect(like.textContent).toContain('2');
    });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/reactions',
      body: { postId: post.id, emoji: HEART },
    });
    await act(async () => answer(json({ message: TIMELINE_ERRORS.archived }, 403)));
    await settle(() => {
      expect(like.getAttribute('aria-pressed')).toBe('false');
      expect(like.textContent).toContain('1');
    });
    expect(calls.filter((c) => c.url.includes('/posts?')).length).toBe(1);
  });

  it('re-renders only the card whose reaction changed', async () => {
    const posts = ['First', 'Second', 'Third'].map((content) => makePost({ content }));
    stubFetch(posts, (url, init) =>
      url === '/api/reactions'
        ? json({
            postId: posts[1]!.id,
            emoji: JSON.parse(String(init.body)).emoji,
            reacted: true,
            reactionCounts: { [HEART]: 1 },
            myReactions: [HEART],
          })
        : json({}, 404),
    );
    await render();
    rendered.length = 0;
    await act(async () => button(articles()[1]!, /Like/).click());
    await settle(() => expect(button(articles()[1]!, /Like/).getAttribute('aria-pressed')).toBe('true'));
    await flush();
    expect(rendered.length).toBeGreaterThan(0);
    expect(new Set(rendered)).toEqual(new Set(['Second']));
  });

  it('sends a comment with Enter but not with Shift+Enter, and counts it', async () => {
    const post = makePost({ commentCount: 0 });
    const comment = makeComment({ postId: post.id, content: 'Hello there' });
    const calls = stubFetch([post], (url) => (url === '/api/comments' ? json(comment, 201) : json({}, 404)));
    await render();
    const box = articles()[0]!.querySelector('textarea') as HTMLTextAreaElement;
    const type = async (value: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      await act(async () => {
        setter.call(box, value);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    const press = (shiftKey: boolean) =>
      act(async () => {
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true }));
      });
    await type('Hello there');
    await press(true);
    expect(calls.some((c) => c.url === '/api/comments')).toBe(false);
    await press(false);
    await settle(() => {
      expect(calls.find((c) => c.url === '/api/comments')?.body).toEqual({
        postId: post.id,
        content: 'Hello there',
      });
      expect(articles()[0]!.textContent).toContain('1 comment');
      expect(articles()[0]!.textContent).toContain('Hello there');
      expect(box.value).toBe('');
    });
  });

  it('hides the comment box from viewers and everything that writes in an archived threadline', async () => {
    stubFetch([makePost()]);
    await render({ role: 'viewer' });
    expect(articles()[0]!.querySelector('textarea')).toBeNull();
    expect(button(articles()[0]!, /Like/).disabled).toBe(false);
    cleanup();
    stubFetch([makePost()]);
    await render({ role: 'owner', state: 'archived' });
    expect(container.querySelector('textarea')).toBeNull();
    expect(button(articles()[0]!, /Like/).disabled).toBe(true);
    // The post's menu keeps only Copy link (issue 25): no edit, pin or delete.
    expect((await openPostMenu(container)).map((i) => i.textContent)).toEqual(['Copy link']);
  });
});
