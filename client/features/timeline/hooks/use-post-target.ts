// /timeline/{id}?post={postId} (opened from advanced search): the feed loads page after page until the post
// is there, then scrolls to it, moves focus to it and highlights it. Paging stops after MAX_PAGES.
import * as React from 'react';
import { useSearch } from 'wouter';

export const MAX_TARGET_PAGES = 100;
/** Tailwind classes of the highlight (literal here so the build keeps them). */
const HIGHLIGHT = ['rounded-xl', 'ring-4', 'ring-amber-400', 'ring-offset-2', 'ring-offset-background'];
const HIGHLIGHT_MS = 10_000;

export type PostTargetState = 'none' | 'seeking' | 'found' | 'missing';

interface Options {
  /** The feed's posts in order, and how many of them have rendered so far. */
  postIds: string[];
  rendered: number;
  pages: number;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => void;
  list: React.RefObject<HTMLElement | null>;
}

export function usePostTarget(options: Options): PostTargetState {
  const target = new URLSearchParams(useSearch()).get('post');
  const [reached, setReached] = React.useState<string | null>(null);
  const fade = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  React.useEffect(() => () => clearTimeout(fade.current), []);
  const { postIds, rendered, pages, hasNextPage, isFetching, fetchNextPage, list } = options;
  const index = target ? postIds.indexOf(target) : -1;
  const exhausted = !hasNextPage || pages >= MAX_TARGET_PAGES;

  React.useEffect(() => {
    if (!target || reached === target) return;
    if (index === -1) {
      if (!exhausted && !isFetching) fetchNextPage();
      return;
    }
    if (index >= rendered) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(target)}"]`);
    if (!el) return;
    setReached(target);
    el.tabIndex = -1;
    el.dataset.highlighted = 'true';
    el.classList.add(...HIGHLIGHT);
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    fade.current = setTimeout(() => {
      el.classList.remove(...HIGHLIGHT);
      delete el.dataset.highlighted;
    }, HIGHLIGHT_MS);
  }, [target, reached, index, rendered, exhausted, isFetching, fetchNextPage, list]);

  if (!target) return 'none';
  if (reached === target) return 'found';
  return index === -1 && exhausted && !isFetching ? 'missing' : 'seeking';
}
