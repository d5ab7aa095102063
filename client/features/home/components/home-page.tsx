// Home / dashboard (spec 000 §2): the create/join area and the Active, Archived and Deleted tabs.
import * as React from 'react';
import { shownName } from '../../../../common/names.ts';
import { PLAN_DISPLAY_NAMES, PLAN_LIMITS } from '../../../../common/plans.ts';
import { TIMELINE_STATES, type TimelineState } from '../../../../common/roles.ts';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { type TabItem, TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { useAuth, useMeta } from '../../../lib/auth.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { warmUpWhenIdle } from '../../../lib/warm-up.ts';
import { usePendingSummary } from '../api/get-pending-summary.ts';
import { useTimelines } from '../api/get-timelines.ts';
import { useUnreadCounts } from '../api/get-unread-counts.ts';
import { useVisitedBefore } from '../hooks/use-dashboard-prefs.ts';
import { CreateJoinArea } from './create-join-area.tsx';
import { TimelineTab } from './timeline-tab.tsx';

// tailwind-merge's class map is built while the page waits for its data, not in the render that draws it.
warmUpWhenIdle();

const CreateTimelineDialog = lazyDialog(
  async () => (await import('./create-timeline-dialog.tsx')).CreateTimelineDialog,
);
const JoinTimelineDialog = lazyDialog(
  async () => (await import('./join-timeline-dialog.tsx')).JoinTimelineDialog,
);

const TAB_LABELS: Record<TimelineState, string> = {
  active: 'Active',
  archived: 'Archived',
  deleted: 'Deleted',
};
const TABS: TabItem<TimelineState>[] = TIMELINE_STATES.map((value) => ({ value, label: TAB_LABELS[value] }));
const TABS_ID = 'dashboard-tabs';

export function HomePage() {
  const { user } = useAuth();
  const { data: meta } = useMeta();
  const [tab, setTab] = React.useState<TimelineState>('active');
  const [createOpen, setCreateOpen] = React.useState(false);
  const [joinOpen, setJoinOpen] = React.useState(false);
  const unread = useUnreadCounts();
  const pending = usePendingSummary();
  // The Active tab's own query (one cache entry). Compact while it loads: most people who come back have
  // threadlines, so the cards never flash in and out for them.
  const active = useTimelines('active');
  // Decided when the list first answers, then kept for the visit: creating a first threadline must not pull
  // the cards (and the focus that returns to them) out from under the user.
  const [compact, setCompact] = React.useState<boolean | null>(null);
  if (compact === null && !active.isPending) setCompact((active.data?.length ?? 0) > 0);
  // Someone who registered a moment ago is not welcomed back (issue 25): back once they were here before in
  // this browser, or have threadlines (a returning person on a new device).
  const returning = useVisitedBefore(user?.id) || compact === true;

  const plan = user?.plan ?? 'free';
  // Built from the enforced plan table (DECISIONS §4); no limits to state when billing is off.
  const planNote =
    meta && meta.billingProvider !== 'off'
      ? `${PLAN_DISPLAY_NAMES[plan]} plan: up to ${PLAN_LIMITS[plan].maxTimelines} threadlines with up to ${PLAN_LIMITS[plan].maxMembersPerTimeline} members each.`
      : undefined;

  return (
    <SignedInLayout title="Your Threadlines">
      <CreateJoinArea
        name={shownName(user)}
        returning={returning}
        planNote={planNote}
        compact={compact ?? true}
        onCreate={() => setCreateOpen(true)}
        onJoin={() => setJoinOpen(true)}
      />

      <section aria-labelledby="dashboard-threadlines" className="mt-8 grid gap-4">
        <h2 id="dashboard-threadlines" className="text-xl font-semibold tracking-tight">
          Your Threadlines
        </h2>
        <TabList
          idBase={TABS_ID}
          label="Threadlines by state"
          items={TABS}
          value={tab}
          onValueChange={setTab}
          className="w-full sm:w-fit"
        />
        <TabPanel idBase={TABS_ID} value={tab}>
          {/* Keyed so each tab starts from its own remembered search and sort. */}
          <TimelineTab key={tab} filter={tab} unreadById={unread.byId} pendingById={pending.byId} />
        </TabPanel>
      </section>

      <CreateTimelineDialog open={createOpen} onOpenChange={setCreateOpen} plan={plan} />
      <JoinTimelineDialog open={joinOpen} onOpenChange={setJoinOpen} />
    </SignedInLayout>
  );
}
