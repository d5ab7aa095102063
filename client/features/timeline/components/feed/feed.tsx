// The threadline's feed (spec 001 §2 Feed): search and filter bars, the composer, the posts with the
// pinned one first, and paging by button and by scrolling.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { UI_TIMING } from '../../../../../common/limits.ts';
import type { Role } from '../../../../../common/roles.ts';
import type { FeedFilter } from '../../../../../common/schemas/post.ts';
import type { Member, TimelineDetail } from '../../../../../common/schemas/timeline.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { notifyFailure } from '../../../../lib/failure-toast.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { useFeed } from '../../api/get-posts.ts';
import { useSearchPosts } from '../../api/search-posts.ts';
import { useLivePosts } from '../../hooks/use-live-posts.ts';
import { useLoadMoreSentinel } from '../../hooks/use-load-more-sentinel.ts';
import { POST_GONE, usePostTarget } from '../../hooks/use-post-target.ts';
import { flattenUnique } from '../../lib/feed-pages.ts';
import { canDeletePost, feedCapabilities } from '../../lib/feed-permissions.ts';
import { searchResults, searchTerms } from '../../lib/post-search.ts';
import { FeedFilterBar } from './feed-filter-bar.tsx';
import { FeedSearchBar } from './feed-search-bar.tsx';
import { FeedEmpty, FeedLoadError, FeedNotice, FeedSkeleton, SearchEmpty } from './feed-states.tsx';
import { NewPostsPill } from './new-posts-pill.tsx';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';

export interface FeedProps {
  timeline: TimelineDetail;
  members: Member[];
  currentUserId: string | undefined;
  searchOpen: boolean;
  filterOpen: boolean;
}

/**
 * Posts the first render of a feed shows, and how many more each following frame adds: two, so each frame's
 * task stays under Lighthouse's 50 ms at its 5.5x CPU slowdown (four made 60-80 ms tasks, 100-300 ms of
 * blocking time on the threadline; issue 27's measurements, bench/README.md).
 */
export const PROGRESSIVE_BATCH = 2;

/**
 * How many of the first `total` posts to render: a few, then a few more each frame until all are there
 * (issue 14's page speed: building 20 posts at once was one long task). Only the first load: once every
 * post has shown, later ones render at once.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = React.useState(PROGRESSIVE_BATCH);
  const finished = React.useRef(false);
  if (total > 0 && count >= total) finished.current = true;
  React.useEffect(() => {
    if (finished.current || count >= total) return;
    const frame = requestAnimationFrame(() =>
      React.startTransition(() => setCount((n) => n + PROGRESSIVE_BATCH)),
    );
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return finished.current ? total : count;
}

export function Feed({ timeline, members, currentUserId, searchOpen, filterOpen }: FeedProps) {
  const [filterValue, setFilter] = React.useState<FeedFilter>('all');
  const [queryValue, setQuery] = React.useState('');
  // A closed bar no longer narrows the feed.
  const filter = filterOpen ? filterValue : 'all';
  const query = searchOpen ? queryValue : '';
  const debounced = useDebouncedValue(query.trim(), UI_TIMING.searchDebounceMs);

  const { role, state, allowParticipantPosts, allowParticipantComments } = timeline;
  const caps = React.useMemo(
    () => feedCapabilities({ role, state, allowParticipantPosts, allowParticipantComments }),
    [role, state, allowParticipantPosts, allowParticipantComments],
  );
  const roles = React.useMemo(() => new Map<string, Role>(members.map((m) => [m.userId, m.role])), [members]);

  const feed = useFeed(timeline.id, filter);
  const loaded = React.useMemo(() => flattenUnique(feed.data?.pages), [feed.data]);
  const search = useSearchPosts(timeline.id, debounced);
  const searching = searchTerms(query).length > 0;
  const listTop = React.useRef<HTMLDivElement>(null);
  // Posts others make arrive live; those that would move what the reader looks at wait behind the pill.
  const live = useLivePosts({ timelineId: timeline.id, filter, searching, posts: loaded, listTop });
  const posts = live.visible;
  // Server results only once they answer the query as typed; meanwhile the local filter shows.
  const serverResults = debounced === query.trim() ? search.data : undefined;
  const shown = React.useMemo(
    () => (searching ? searchResults(query, posts, serverResults, filter) : posts),
    [searching, query, posts, serverResults, filter],
  );

  React.useEffect(() => {
    if (feed.error) console.error('Failed to load posts', feed.error);
  }, [feed.error]);
  React.useEffect(() => {
    if (!search.error) return;
    notifyFailure(search.error, {
      title: 'Search Error',
      description: 'Failed to search posts. Please try again.',
    });
  }, [search.error]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const rendered = useProgressiveCount(shown.length);
  // Not while the first posts are still being added: the sentinel would be in view below the first few.
  const canLoadMore = !searching && hasNextPage && rendered >= shown.length;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(
    () => void fetchNextPage(),
    canLoadMore && !isFetchingNextPage && !isFetchNextPageError,
  );

  const shownIds = React.useMemo(() => shown.map((p) => p.id), [shown]);
  const loadNext = React.useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const target = usePostTarget({
    timelineId: timeline.id,
    postIds: shownIds,
    rendered,
    pages: feed.data?.pages.length ?? 0,
    hasNextPage,
    isFetching: feed.isFetching,
    fetchNextPage: loadNext,
    list: listTop,
  });

  let list: React.ReactNode;
  if (feed.isPending) list = <FeedSkeleton />;
  else if (feed.isError && posts.length === 0) list = <FeedLoadError onRetry={() => void feed.refetch()} />;
  else if (shown.length === 0) {
    list = searching ? (
      <SearchEmpty searching={search.isFetching || debounced !== query.trim()} />
    ) : (
      <FeedEmpty archived={caps.archived} filtered={filter !== 'all'} joinCode={timeline.joinCode} />
    );
  } else {
    list = (
      <ul className="grid grid-cols-1 gap-4" aria-label={searching ? 'Search results' : 'Posts'}>
        {shown.slice(0, rendered).map((post) => (
          <PostCard
            key={post.id}
            post={post}
            timelineId={timeline.id}
            canReact={caps.canReact}
            canComment={caps.canComment}
            canPin={caps.canPin}
            canDelete={canDeletePost(caps, post, currentUserId, roles.get(post.author.id))}
            canEdit={caps.canPost && post.author.id === currentUserId}
            isOwner={caps.role === 'owner'}
            currentUserId={currentUserId}
            targetCommentId={post.id === target.postId ? (target.commentId ?? undefined) : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="feed-heading" className="grid grid-cols-1 gap-4">
      <h2 id="feed-heading" className="sr-only">
        Posts
      </h2>
      {(searchOpen || filterOpen) && (
        <div className="grid grid-cols-1 gap-3">
          {searchOpen && <FeedSearchBar value={queryValue} onChange={setQuery} />}
          {filterOpen && <FeedFilterBar value={filterValue} onChange={setFilter} />}
        </div>
      )}
      <NewPostsPill count={live.heldCount} onReveal={live.reveal} />
      <p role="status" className="sr-only">
        {live.announcement}
      </p>
      {target.state === 'seeking' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Finding the post you opened...
        </p>
      )}
      {target.state === 'missing' && <FeedNotice>{POST_GONE}</FeedNotice>}
      {caps.canPost && <PostComposer timelineId={timeline.id} />}
      {caps.postingDisabled && (
        <FeedNotice>Posting is currently disabled for participants in this threadline.</FeedNotice>
      )}
      {caps.role === 'viewer' && !caps.archived && (
        <FeedNotice>You are a viewer in this threadline: you can read posts and react to them.</FeedNotice>
      )}
      <div ref={listTop} className="grid grid-cols-1">
        {list}
      </div>
      {canLoadMore && (
        <div ref={sentinel} className="flex h-12 items-center justify-center">
          {/* aria-disabled, not disabled: a keyboard user's focus stays on the button while it loads. */}
          <Button
            variant="outline"
            aria-disabled={isFetchingNextPage}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          >
            {isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
            Load More Posts
          </Button>
        </div>
      )}
    </section>
  );
}
