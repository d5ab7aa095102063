// /timeline/{id} (spec 001 §2): loads the threadline, marks it read, and hosts the header and dialogs.
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { personName } from '../../../../common/names.ts';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { CoverBanner } from '../../../components/cover-banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { accentStyle } from '../../../lib/appearance.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useFocusHeadingIfLost } from '../../../lib/focus-heading.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { warmUpWhenIdle } from '../../../lib/warm-up.ts';
import { useFeedShown, usePrefetchFeed } from '../api/get-posts.ts';
import { useTimeline } from '../api/get-timeline.ts';
import { useUserTimelines } from '../api/get-user-timelines.ts';
import { useLiveTimeline } from '../hooks/use-live-timeline.ts';
import { useLoadErrorRedirect } from '../hooks/use-load-error-redirect.ts';
import { useMarkReadOnOpen } from '../hooks/use-mark-read-on-open.ts';
import { useReadAgainOnceLive } from '../hooks/use-read-again-once-live.ts';
import { ArchivedNotice } from './archived-notice.tsx';
import { Feed } from './feed/feed.tsx';
import { type TimelineDialog, TimelineDialogs } from './timeline-dialogs.tsx';
import { TimelineHeader } from './timeline-header.tsx';

// tailwind-merge's class map is built while the page waits for its data, not in the render that draws it.
warmUpWhenIdle();

// Shown to the member offered ownership alone (issue 26), so everyone else's first load carries none of it.
const OwnershipOffer = lazyNamed(() => import('./ownership-offer.tsx'), 'OwnershipOffer');

export function TimelinePage({ id }: { id: string }) {
  if (!id) return <Redirect to="/" replace />;
  // A new id (the switcher) starts fresh: no dialog or selection carries over.
  return <TimelineScreen key={id} id={id} />;
}

function PageStatus({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      {children}
    </main>
  );
}

function Loading() {
  return (
    <PageStatus>
      <span role="status" className="flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading threadline...
      </span>
    </PageStatus>
  );
}

function TimelineScreen({ id }: { id: string }) {
  const query = useTimeline(id);
  const { user } = useAuth();
  // Followed from the first render: events during the load are applied to the cache as it fills.
  const live = useLiveTimeline(id, user?.id);
  usePrefetchFeed(id);
  useReadAgainOnceLive(id, live);
  // A cached error from an earlier visit is acted on only once a fresh attempt has failed too.
  const errorAction = useLoadErrorRedirect(query.isFetching ? null : query.error);
  const [, navigate] = useLocation();
  useDocumentTitle(query.data?.timeline.name ?? 'Threadline');

  // The page renders in a background pass once its data is here (cached data included): React builds it in
  // slices that leave the main thread free between them, instead of one long task (issue 14: total blocking
  // time). null, not undefined: React ignores an undefined initial value.
  // The header is drawn once the switcher knows whether to show itself: a button appearing later would
  // reflow the header on a phone (issue 25 item 13: a layout shift). Both reads start with the HTML.
  const switcherSettled = !useUserTimelines().isPending;
  const data = React.useDeferredValue(query.isSuccess && switcherSettled ? query.data : null, null);
  if (data) return <TimelineView data={data} live={live} />;
  if (errorAction?.kind === 'retry') {
    return (
      <PageStatus>
        <h1 className="text-xl font-semibold">Could not load this threadline</h1>
        <p className="text-muted-foreground">Check your connection and try again.</p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => navigate('/')}>
            Back to home
          </Button>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      </PageStatus>
    );
  }
  // Loading, or on the way home / to sign-in.
  return <Loading />;
}

/**
 * Marks the threadline read once its posts show (its own component: the feed's state re-renders only it).
 * After the first posts, not with them: the two calls would hold connections the feed's read needs.
 */
function MarkReadOnOpen({ id }: { id: string }) {
  useMarkReadOnOpen(id, useFeedShown(id));
  return null;
}

function TimelineView({ data, live }: { data: TimelinePageData; live: boolean }) {
  const { timeline, members } = data;
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = React.useState<TimelineDialog | null>(null);
  const [searchOpen, setSearchOpen] = React.useState(false);
  const [filterOpen, setFilterOpen] = React.useState(false);
  const gone = React.useRef(false);
  const root = React.useRef<HTMLDivElement>(null);
  const archived = timeline.state === 'archived';
  const offeredToMe = !!user && timeline.pendingOwnerId === user.id && timeline.role !== 'owner';
  useFocusHeadingIfLost(root);

  // A join request's notification leads to ?requests=1 (issue 27): the panel opens to act on it, for those
  // who may; the address loses the query either way, so a reload does not open it again.
  const openRequests = new URLSearchParams(useSearch()).get('requests') === '1';
  const manages = !archived && (timeline.role === 'owner' || timeline.role === 'moderator');
  React.useEffect(() => {
    if (!openRequests) return;
    if (manages) setDialog('joinRequests');
    navigate(`/timeline/${timeline.id}`, { replace: true });
  }, [openRequests, manages, navigate, timeline.id]);

  // After leaving or deleting, drop the cached page once it has unmounted, so coming back refetches
  // (and is refused) instead of showing stale content. Dropping it earlier would refetch it here.
  React.useEffect(
    () => () => {
      if (gone.current) queryClient.removeQueries({ queryKey: timelineKeys.detail(timeline.id) });
    },
    [queryClient, timeline.id],
  );

  const onGone = () => {
    gone.current = true;
    navigate('/');
  };

  return (
    // data-live: the server confirmed this page's events (journeys wait for it before acting elsewhere).
    // The accent repaints the page's buttons, links and focus rings (dialogs, portalled out, keep the theme).
    <div
      ref={root}
      className="flex min-h-screen flex-col"
      data-live={live}
      style={accentStyle(timeline.appearance)}
    >
      {timeline.appearance?.coverImageUrl && (
        <div className="mx-auto w-full max-w-4xl px-3 pt-3 sm:px-6">
          <CoverBanner src={timeline.appearance.coverImageUrl} className="h-28 rounded-xl sm:h-44" />
        </div>
      )}
      <TimelineHeader
        timeline={timeline}
        memberCount={members.length}
        onOpen={setDialog}
        toggles={{
          searchOpen,
          filterOpen,
          onToggleSearch: () => setSearchOpen((open) => !open),
          onToggleFilter: () => setFilterOpen((open) => !open),
        }}
      />
      <main className="mx-auto grid w-full max-w-4xl grid-cols-1 flex-1 content-start gap-4 px-3 py-6 sm:px-6">
        <MarkReadOnOpen id={timeline.id} />
        {archived && <ArchivedNotice />}
        {offeredToMe && (
          <React.Suspense fallback={null}>
            <OwnershipOffer
              timelineId={timeline.id}
              ownerName={personName(members.find((m) => m.userId === timeline.ownerId)?.user)}
              memberCount={members.length}
              pageRef={root}
            />
          </React.Suspense>
        )}
        <Feed
          timeline={timeline}
          members={members}
          currentUserId={user?.id}
          searchOpen={searchOpen}
          filterOpen={filterOpen}
        />
      </main>
      <TimelineDialogs
        data={data}
        open={dialog}
        onOpenChange={setDialog}
        currentUserId={user?.id}
        onGone={onGone}
      />
    </div>
  );
}
