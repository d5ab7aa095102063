// The Insights charts (Recharts). Only the insights dialog imports this file, and the dialog loads when
// first opened, so Recharts is never part of the threadline page's first load (bench/bundle-size.mjs).
// Each chart is decoration beside its summary and table: no keyboard layer (accessibilityLayer off), since
// the wrapper hides it from assistive technology and a focusable element there would be unreachable.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Insights } from '../../../../../common/schemas/insights.ts';
import { dayLabel, postTypeRows } from '../../lib/insights-view.ts';

// Colours with 4.5:1 or more on white, so their legend text reads too.
const COLORS = ['#4f46e5', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#4d7c0f'];
const AXIS = { fontSize: 12, fill: '#525672' };

function DayAxes() {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="date" tickFormatter={dayLabel} tick={AXIS} minTickGap={16} />
      <YAxis allowDecimals={false} tick={AXIS} width={32} />
      <Tooltip labelFormatter={(d) => dayLabel(String(d))} />
    </>
  );
}

export function ActivityChart({ insights }: { insights: Insights }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={insights.series} accessibilityLayer={false}>
        {DayAxes()}
        <Legend />
        <Bar dataKey="posts" name="Posts" fill={COLORS[0]} isAnimationActive={false} />
        <Bar dataKey="comments" name="Comments" fill={COLORS[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DailyLineChart({
  insights,
  dataKey,
  name,
  color,
}: {
  insights: Insights;
  dataKey: 'activeMembers' | 'newMembers';
  name: string;
  color: number;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={insights.series} accessibilityLayer={false}>
        {DayAxes()}
        <Line
          type="monotone"
          dataKey={dataKey}
          name={name}
          stroke={COLORS[color]}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function TopMembersChart({ insights }: { insights: Insights }) {
  const data = insights.topMembers.map((m) => ({ name: m.user.name, posts: m.posts, comments: m.comments }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" accessibilityLayer={false}>
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="name" tick={AXIS} width={96} />
        <Tooltip />
        <Legend />
        <Bar dataKey="posts" name="Posts" stackId="a" fill={COLORS[0]} isAnimationActive={false} />
        <Bar dataKey="comments" name="Comments" stackId="a" fill={COLORS[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function PostTypesChart({ insights }: { insights: Insights }) {
  const rows = postTypeRows(insights);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie data={rows} dataKey="posts" nameKey="label" innerRadius="45%" isAnimationActive={false}>
          {rows.map((row, i) => (
            <Cell key={row.type} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
