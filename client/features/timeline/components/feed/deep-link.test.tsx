// Deep links into the feed (issue 25, item 1): /timeline/{id}?post= pages down to the post, focuses and
// highlights it; &comment= opens the post's comments on that comment; a post that is gone says so at once;
// "Copy link" in the post's menu copies the absolute link.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../../common/schemas/post.ts';
import { useToast } from '../../../../lib/use-toast.ts';
import { cleanup, jsonResponse as json, render } from '../../../home/test/render.tsx';
import { COMMENT_GONE } from '../../hooks/use-comment-target.ts';
import { POST_GONE } from '../../hooks/use-post-target.ts';
import { AUTHOR, AUTHOR_OWNER, makeComment, makePost, makeTimeline } from '../../lib/test-posts.ts';
import { openPostMenu } from '../../test/post-menu.ts';
import { Feed } from './feed.tsx';
import { PostCard } from './post-card.tsx';

const TIMELINE = makeTimeline({ role: 'viewer' });
const members = [AUTHOR_OWNER];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** 25 posts, newest first: a full first page (so there is a second) and five more. */
const feed = Array.from({ length: 25 }, (_, i) =>
  makePost({
    content: `Post ${i}`,
    createdAt: `2026-01-01T00:${String(59 - i).padStart(2, '0')}:00.000001Z`,
  }),
);

/** fetch: two feed pages, GET /api/posts/{id} for the posts above (404 otherwise), and `comments`. */
function stubFetch(comments: Record<string, Comment[]> = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.startsWith(`/api/timelines/${TIMELINE.id}/posts`)) {
        return json(url.includes('cursor=') ? feed.slice(20) : feed.slice(0, 20));
      }
      const detail = /^\/api\/posts\/([^/?]+)$/.exec(url);
      if (detail) {
        const index = feed.findIndex((p) => p.id === detail[1]);
        return index === -1
          ? json({ message: 'Post not found' }, 404)
          : json({ post: feed[index], position: index });
      }
      const listed = /^\/api\/posts\/([^/?]+)\/comments/.exec(url);
      if (listed) return json(comments[listed[1]!] ?? []);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return urls;
}

let toasts: { title?: unknown; description?: unknown }[] = [];
function ToastProbe() {
  toasts = useToast().toasts;
  return null;
}

function open(search: string) {
  return render(
    <>
      <ToastProbe />
      <Feed
        timeline={TIMELINE}
        members={members}
        currentUserId={AUTHOR.id}
        searchOpen={false}
        filterOpen={false}
      />
    </>,
    { path: `/timeline/${TIMELINE.id}${search}` },
  ).container;
}

const item = (c: HTMLElement, selector: string) => c.querySelector<HTMLElement>(selector);

describe('deep links into the feed', { timeout: 20_000 }, () => {
  it('?post= loads the next page, then focuses and highlights the post (the only one)', async () => {
    const urls = stubFetch();
    const target = feed[22]!;
    const c = open(`?post=${target.id}`);
    await settle(() => {
      const li = item(c, `li[data-post-id="${target.id}"]`);
      expect(li?.dataset.highlighted).toBe('true');
      expect(document.activeElement).toBe(li);
    });
    expect(item(c, `li[data-post-id="${target.id}"]`)!.tabIndex).toBe(-1);
    expect(c.querySelectorAll('[data-highlighted]')).toHaveLength(1);
    expect(urls).toContain(`/api/posts/${target.id}`);
    expect(urls.filter((u) => u.includes('cursor='))).toHaveLength(1);
  });

  it('&comment= opens the post’s comments on that comment and highlights it, not the post', async () => {
    const post = feed[21]!;
    const comments = Array.from({ length: 4 }, (_, i) =>
      makeComment({ postId: post.id, content: `Comment ${i}`, createdAt: `2026-01-02T00:00:0${i}.000001Z` }),
    );
    feed[21] = { ...post, commentCount: 4, latestComment: comments[3]! };
    stubFetch({ [post.id]: comments });
    const wanted = comments[1]!;
    const c = open(`?post=${post.id}&comment=${wanted.id}`);
    await settle(() => {
      const li = item(c, `li[data-comment-id="${wanted.id}"]`);
      expect(li?.dataset.highlighted).toBe('true');
      expect(document.activeElement).toBe(li);
    });
    expect(item(c, `li[data-post-id="${post.id}"]`)!.dataset.highlighted).toBeUndefined();
    expect(c.querySelectorAll(`li[data-post-id="${post.id}"] li[data-comment-id]`)).toHaveLength(4);
  });

  it('a comment that is gone: a toast, and the post is highlighted instead', async () => {
    const post = feed[3]!;
    stubFetch({ [post.id]: [] });
    const c = open(`?post=${post.id}&comment=00000000-0000-4000-8000-00000000dead`);
    await settle(() => expect(item(c, `li[data-post-id="${post.id}"]`)?.dataset.highlighted).toBe('true'));
    await settle(() => expect(toasts.map((t) => t.description)).toContain(COMMENT_GONE));
  });

  it('a post that is gone: the notice and a toast at once, with no paging through the feed', async () => {
    const urls = stubFetch();
    const c = open('?post=00000000-0000-4000-8000-00000000dead');
    await settle(() => expect(c.textContent).toContain(POST_GONE));
    await settle(() => expect(toasts.map((t) => t.description)).toContain(POST_GONE));
    expect(urls.filter((u) => u.includes('cursor='))).toHaveLength(0);
    expect(c.querySelector('[data-highlighted]')).toBeNull();
  });
});

describe('Copy link', () => {
  it('is in every post’s menu, even with nothing else to do, and copies the absolute deep link', async () => {
    stubFetch();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const post = feed[0]!;
    const { container } = render(
      <>
        <ToastProbe />
        <ul>
          <PostCard
            post={post}
            timelineId={TIMELINE.id}
            canReact
            canComment={false}
            canPin={false}
            canDelete={false}
          />
        </ul>
      </>,
    );
    const items = await openPostMenu(container);
    expect(items.map((i) => i.textContent)).toEqual(['Copy link']);
    act(() => items[0]!.click());
    await settle(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/timeline/${TIMELINE.id}?post=${post.id}`,
      ),
    );
    await settle(() => expect(toasts.map((t) => t.title)).toContain('Link copied to clipboard'));
  });
});
