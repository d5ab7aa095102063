// The feed with posts arriving from the socket: at the top when the reader is there, behind the
// "n new posts" pill when scrolled down, never twice, never into a filter or a search that would not list them.
import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../../common/schemas/post.ts';
import {
  cleanup,
  button as findButton,
  jsonResponse as json,
  render as mount,
  typeInto,
} from '../../../home/test/render.tsx';
import { AUTHOR_OWNER, ME, makePost, makeTimeline } from '../../lib/test-posts.ts';
import { emit } from '../../test/realtime.ts';
import { Feed } from './feed.tsx';

vi.mock('../../../../lib/realtime/hooks.ts', () => import('../../test/realtime.ts'));

const TIMELINE = makeTimeline();
const members = [AUTHOR_OWNER];

/** Where the top of the list is on screen: below the viewport top (reader at the top) or above it. */
let listTop = 200;
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  listTop = 200;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        top: listTop,
        bottom: listTop + 10,
        left: 0,
        right: 0,
        width: 0,
        height: 10,
        x: 0,
        y: listTop,
      }) as DOMRect,
  );
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The search answers with `search()` (a test may hold it back until it wants the results shown). */
function stubFetch(feed: Post[], search: () => Post[] | Promise<Post[]> = () => []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return json(ME);
      if (url.startsWith(`/api/timelines/${TIMELINE.id}/posts`))
        return json(url.includes('cursor=') ? [] : feed);
      if (url.startsWith(`/api/timelines/${TIMELINE.id}/search`)) return json(await search());
      return json({ message: 'Not found' }, 404);
    }),
  );
}

const settle = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });

let container: HTMLElement;

/** The feed, with a button that opens and closes its search bar as the header does. */
function Harness() {
  const [searchOpen, setSearchOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setSearchOpen((o) => !o)}>
        Toggle search
      </button>
      <Feed
        timeline={TIMELINE}
        members={members}
        currentUserId={ME.id}
        searchOpen={searchOpen}
        filterOpen={false}
      />
    </>
  );
}

async function render(feed: Post[], search?: () => Post[] | Promise<Post[]>) {
  stubFetch(feed, search);
  container = mount(<Harness />).container;
  await settle(() => expect(container.querySelector('[aria-label="Loading posts"]')).toBeNull());
}

const texts = () =>
  [...container.querySelectorAll('[role="article"]')].map(
    (a) => a.querySelector('p, div > p')?.textContent ?? a.textContent,
  );
const hasPost = (content: string) => (container.textContent ?? '').includes(content);
const pill = () => findButton(container, /new posts?$/);
const arrive = (post: Post, message = 'New post') =>
  act(() => emit('new_post', { message, timelineId: TIMELINE.id, postId: post.id, post }));
const announced = () => container.querySelector('p[role="status"].sr-only')?.textContent ?? '';

describe('Feed, live', () => {
  it('shows a post at the top at once while the reader is at the top, once however often it arrives', async () => {
    const old = makePost({ content: 'Older post' });
    await render([old]);
    const post = makePost({ content: 'Fresh from Bo' });
    await arrive(post, 'Bo posted in Garden Club');
    await arrive(post, 'repeat');
    await settle(() => expect(container.querySelectorAll('[role="article"]')).toHaveLength(2));
    expect(container.querySelector('[role="article"]')!.textContent).toContain('Fresh from Bo');
    expect(pill()).toBeUndefined();
    // Screen readers hear it once (the repeat is not new here).
    expect(announced()).toBe('Bo posted in Garden Club');
    // Events of other threadlines are not this feed's: a post of this one sent after it shows, it does not.
    await act(() =>
      emit('new_post', {
        message: 'x',
        timelineId: 'other',
        postId: 'p',
        post: makePost({ content: 'Elsewhere' }),
      }),
    );
    await arrive(makePost({ content: 'Later here' }));
    await settle(() => expect(hasPost('Later here')).toBe(true));
    expect(hasPost('Elsewhere')).toBe(false);
    expect(container.querySelectorAll('[role="article"]')).toHaveLength(3);
  });

  it('holds posts behind the pill while scrolled down, and the pill shows them at the top with focus', async () => {
    await render([makePost({ content: 'Older post' })]);
    listTop = -800;
    const first = makePost({ content: 'First new' });
    const second = makePost({ content: 'Second new' });
    await arrive(first);
    await settle(() => expect(pill()?.textContent).toBe('1 new post'));
    // Held posts are the pill's to announce.
    expect(announced()).toBe('');
    await arrive(second);
    await arrive(first);
    await settle(() => expect(pill()?.textContent).toBe('2 new posts'));
    // Nothing above the reader moved: the new posts are not in the list yet.
    expect(hasPost('First new')).toBe(false);
    expect(container.querySelectorAll('[role="article"]')).toHaveLength(1);
    expect(pill()!.closest('[aria-live="polite"]')).not.toBeNull();

    await act(async () => pill()!.click());
    await settle(() => expect(container.querySelectorAll('[role="article"]')).toHaveLength(3));
    const articles = [...container.querySelectorAll('[role="article"]')];
    expect(articles[0]!.textContent).toContain('Second new');
    expect(articles[1]!.textContent).toContain('First new');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(articles[0]);
    expect(pill()).toBeUndefined();
  });

  it('shows the held posts when the reader scrolls back up to the top', async () => {
    await render([makePost({ content: 'Older post' })]);
    listTop = -800;
    await arrive(makePost({ content: 'While away' }));
    await settle(() => expect(pill()).toBeTruthy());
    listTop = 120;
    await act(async () => window.dispatchEvent(new Event('scroll')));
    await settle(() => expect(hasPost('While away')).toBe(true));
    expect(pill()).toBeUndefined();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('does not add new posts to search results; they wait until the search closes', async () => {
    // The server's results are held back until after the live post: once they show, so would the post.
    let answer!: (posts: Post[]) => void;
    const serverResults = new Promise<Post[]>((resolve) => {
      answer = resolve;
    });
    await render([makePost({ content: 'Older garden post' })], () => serverResults);
    await act(async () => findButton(container, 'Toggle search')!.click());
    const field = container.querySelector<HTMLInputElement>('input[type="search"], input')!;
    typeInto(field, 'garden');
    await settle(() => expect(container.querySelector('[aria-label="Search results"]')).not.toBeNull());
    await arrive(makePost({ content: 'New garden post' }));
    await act(async () => answer([makePost({ content: 'Garden post from last year' })]));
    await settle(() => expect(hasPost('Garden post from last year')).toBe(true));
    expect(hasPost('New garden post')).toBe(false);
    expect(pill()).toBeUndefined();

    await act(async () => findButton(container, 'Toggle search')!.click());
    await settle(() => expect(hasPost('New garden post')).toBe(true));
    expect(texts()).toHaveLength(2);
  });
});
