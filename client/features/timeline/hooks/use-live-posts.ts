// New posts from the socket (issue 11) go to the top of the cached feeds without moving what the reader
// is looking at: shown at once when the top of the list is on screen, otherwise held back (in the cache,
// not on screen) behind the "n new posts" pill until the reader asks for them or scrolls back up.
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { EventMessage } from '../../../../common/realtime.ts';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { useRealtimeEvent } from '../../../lib/realtime/hooks.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { insertLivePost } from '../api/live-cache.ts';
import type { FeedData } from '../lib/feed-cache.ts';
import { feedHas, liveFeedTakes } from '../lib/live-feed.ts';

/**
 * The list's top this far below the viewport's top (or more) counts as "at the top": something above it
 * (composer, notice) is still on screen, so a post added there shows instead of the browser's scroll
 * anchoring pushing it out of view.
 */
export const AT_TOP_MIN_PX = 16;

export const readerAtTop = (listTop: Element | null) =>
  !listTop || listTop.getBoundingClientRect().top >= AT_TOP_MIN_PX;

const NONE: ReadonlySet<string> = new Set();

export interface LivePosts {
  /** The posts to show: `posts` without those held back. */
  visible: Post[];
  /** How many held posts this feed would show: the pill's number (0: no pill). */
  heldCount: number;
  /** Shows the held posts, scrolls to the top and focuses the first of them. */
  reveal: () => void;
  /** For screen readers: the last post that appeared at the top on its own ("Olga posted in Garden Club"). */
  announcement: string;
}

export function useLivePosts({
  timelineId,
  filter,
  searching,
  posts,
  listTop,
}: {
  timelineId: string;
  filter: FeedFilter;
  /** A search shows its own results: live posts wait until it closes. */
  searching: boolean;
  posts: Post[];
  /** The element at the top of the list, to tell where the reader is. */
  listTop: React.RefObject<HTMLElement | null>;
}): LivePosts {
  const queryClient = useQueryClient();
  const [held, setHeld] = React.useState<ReadonlySet<string>>(NONE);
  const view = React.useRef({ filter, searching });
  view.current = { filter, searching };
  const focusAfterReveal = React.useRef<string | null>(null);
  const [announcement, setAnnouncement] = React.useState('');

  useRealtimeEvent('new_post', ({ data }: EventMessage<'new_post'>) => {
    if (data.timelineId !== timelineId) return;
    const { post } = data;
    const { filter: shown, searching: inSearch } = view.current;
    const data0 = queryClient.getQueryData<FeedData>(timelineKeys.posts(timelineId, shown));
    const newHere = Boolean(data0) && liveFeedTakes(shown, post) && !feedHas(data0, post.id);
    if (newHere && (inSearch || !readerAtTop(listTop.current))) {
      // Held before the cache changes, so the post never flashes on screen.
      flushSync(() => setHeld((prev) => new Set(prev).add(post.id)));
    } else if (newHere) {
      // Shown at once: sighted readers see it arrive, screen readers are told (the pill speaks for held ones).
      setAnnouncement(data.message);
    }
    insertLivePost(queryClient, timelineId, post, shown);
  });

  // A pinned post always shows (someone may pin one that is still held).
  const [visible, heldPosts] = React.useMemo(() => {
    if (held.size === 0) return [posts, [] as Post[]];
    const hidden = (p: Post) => held.has(p.id) && !p.isPinned;
    return [posts.filter((p) => !hidden(p)), posts.filter(hidden)];
  }, [posts, held]);
  const heldCount = searching ? 0 : heldPosts.length;
  const firstHeld = heldPosts[0]?.id ?? null;

  const reveal = React.useCallback(() => {
    focusAfterReveal.current = firstHeld;
    setHeld(NONE);
  }, [firstHeld]);

  // The reader came back to the top (or closed the search there): nothing they look at moves.
  React.useEffect(() => {
    if (heldCount === 0) return;
    const onScroll = () => {
      if (readerAtTop(listTop.current)) setHeld(NONE);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [heldCount, listTop]);

  React.useLayoutEffect(() => {
    const id = focusAfterReveal.current;
    if (id === null || held.size > 0) return;
    focusAfterReveal.current = null;
    window.scrollTo({ top: 0 });
    const card = listTop.current?.querySelector<HTMLElement>(`[data-post-id="${id}"] [role="article"]`);
    if (card) {
      card.tabIndex = -1;
      card.focus();
    }
  }, [held, listTop]);

  return { visible, heldCount, reveal, announcement };
}
