// Insights (DECISIONS §9): the owner's and moderators' view of a threadline's activity over the last 7, 30
// or 90 days. Each chart comes with a text summary and a table alternative (insight-section.tsx).
import { useState } from 'react';
import { INSIGHTS_RANGES, type InsightsRange } from '../../../../../common/analytics.ts';
import type { Insights, InsightsDay } from '../../../../../common/schemas/insights.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { groupDigits } from '../../../../lib/format.ts';
import { useInsights } from '../../api/get-insights.ts';
import {
  activeMembersSummary,
  activitySummary,
  dayLabel,
  newMembersSummary,
  postTypeRows,
  postTypesSummary,
  topMembersSummary,
} from '../../lib/insights-view.ts';
import { ListLoadError, ListLoading } from '../list-states.tsx';
import { type Column, InsightSection } from './insight-section.tsx';
import { ActivityChart, DailyLineChart, PostTypesChart, TopMembersChart } from './insights-charts.tsx';

const count = (n: number) => groupDigits(n);
const dayColumn: Column<InsightsDay> = { header: 'Date', cell: (d) => dayLabel(d.date) };
const dayKey = (d: InsightsDay) => d.date;

export function InsightsDialog({
  open,
  onOpenChange,
  timelineId,
  timelineName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timelineId: string;
  timelineName: string;
}) {
  const [days, setDays] = useState<InsightsRange>(30);
  const query = useInsights(timelineId, days, open);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Insights</DialogTitle>
          <DialogDescription>Activity in {timelineName}, by day (UTC).</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Period</legend>
          {INSIGHTS_RANGES.map((range) => (
            <Button
              key={range}
              size="sm"
              variant={range === days ? 'default' : 'outline'}
              aria-pressed={range === days}
              onClick={() => setDays(range)}
            >
              Last {range} days
            </Button>
          ))}
        </fieldset>
        {query.data ? (
          <div className="grid gap-6" aria-busy={query.isFetching}>
            <InsightsSections insights={query.data} />
          </div>
        ) : query.isError ? (
          <ListLoadError onRetry={() => void query.refetch()}>Insights could not be loaded.</ListLoadError>
        ) : (
          <ListLoading>Loading insights…</ListLoading>
        )}
      </DialogContent>
    </Dialog>
  );
}

function InsightsSections({ insights }: { insights: Insights }) {
  const types = postTypeRows(insights);
  return (
    <>
      <InsightSection
        title="Posts and comments per day"
        summary={activitySummary(insights)}
        chart={<ActivityChart insights={insights} />}
        columns={[
          dayColumn,
          { header: 'Posts', cell: (d) => count(d.posts), numeric: true },
          { header: 'Comments', cell: (d) => count(d.comments), numeric: true },
          { header: 'Reactions', cell: (d) => count(d.reactions), numeric: true },
        ]}
        rows={insights.series}
        rowKey={dayKey}
      />
      <InsightSection
        title="Active members per day"
        summary={activeMembersSummary(insights)}
        chart={<DailyLineChart insights={insights} dataKey="activeMembers" name="Active members" color={0} />}
        columns={[
          dayColumn,
          { header: 'Active members', cell: (d) => count(d.activeMembers), numeric: true },
        ]}
        rows={insights.series}
        rowKey={dayKey}
      />
      <InsightSection
        title="New members per day"
        summary={newMembersSummary(insights)}
        chart={<DailyLineChart insights={insights} dataKey="newMembers" name="New members" color={1} />}
        columns={[dayColumn, { header: 'New members', cell: (d) => count(d.newMembers), numeric: true }]}
        rows={insights.series}
        rowKey={dayKey}
      />
      <InsightSection
        title="Most active members"
        summary={topMembersSummary(insights)}
        chart={<TopMembersChart insights={insights} />}
        columns={[
          { header: 'Member', cell: (m) => m.user.name },
          { header: 'Posts', cell: (m) => count(m.posts), numeric: true },
          { header: 'Comments', cell: (m) => count(m.comments), numeric: true },
        ]}
        rows={insights.topMembers}
        rowKey={(m) => m.user.id}
        empty={insights.topMembers.length === 0}
      />
      <InsightSection
        title="Post types"
        summary={postTypesSummary(insights)}
        chart={<PostTypesChart insights={insights} />}
        columns={[
          { header: 'Type', cell: (r) => r.label },
          { header: 'Posts', cell: (r) => count(r.posts), numeric: true },
          { header: 'Share', cell: (r) => `${r.share}%`, numeric: true },
        ]}
        rows={types}
        rowKey={(r) => r.type}
        empty={types.length === 0}
      />
    </>
  );
}
