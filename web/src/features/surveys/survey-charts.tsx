import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import dayjs from 'dayjs';
import type { ChartData, SurveyChartsResponse } from '@sc/common';
import { ListError } from '../../ui/list/list-screen.tsx';
import { ChartCard, type ChartTone } from '../../ui/charts/index.ts';

// The four survey charts (docs/requirements.md §20.2), drawn by the shared ChartCard: each with its
// table view for screen readers and keyboards and its .xlsx data and PNG image exports.

const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const int = new Intl.NumberFormat('en-US');
const rate = (part: number, whole: number) => (whole > 0 ? pct.format(part / whole) : '–');
/** 'YYYY-MM' (already in the user's zone) as 'Jan 2026'. */
const monthLabel = (month: string) => dayjs(`${month}-01`).format('MMM YYYY');
const UNASSIGNED = 'Unassigned';
/** Thumbs up in the theme's success colour, thumbs down in its error colour. */
const UP_DOWN_TONES: readonly ChartTone[] = ['success', 'error'];

const upDown = (rows: { label: string; key?: string | null; up: number; down: number }[]): ChartData => ({
  categories: rows.map((r) => r.label),
  keys: rows.map((r) => (r.key === undefined ? r.label : r.key)),
  series: [
    { name: 'Thumbs up', values: rows.map((r) => r.up) },
    { name: 'Thumbs down', values: rows.map((r) => r.down) },
  ],
});

interface SurveyChartsQuery {
  data?: SurveyChartsResponse | undefined;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/**
 * Satisfaction over time, by assignee, by source, and the response rate. A click on an assignee's bar
 * (or its row in the table view) searches the grid for that assignee.
 */
export function SurveyCharts({ charts, onAssignee }: { charts: SurveyChartsQuery; onAssignee?: (name: string) => void }) {
  const d = charts.data;
  if (charts.error) return <ListError error={charts.error} onRetry={() => void charts.refetch()} />;
  const grid = { display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
  if (!d)
    return (
      <Box sx={grid} aria-label="Loading charts">
        {[1, 2, 3, 4].map((k) => (
          <Skeleton key={k} variant="rounded" height={280} />
        ))}
      </Box>
    );
  const up = d.bySource.reduce((s, r) => s + r.up, 0);
  const down = d.bySource.reduce((s, r) => s + r.down, 0);
  const rr = d.responseRate;
  const empty = 'No survey answers yet.';
  return (
    <Box sx={grid} data-testid="survey-charts">
      <ChartCard
        title="Satisfaction over time"
        kind="stackedBar"
        categoryLabel="Month"
        height={240}
        subtitle={`${rate(up, up + down)} satisfied of ${int.format(up + down)} answers`}
        emptyText={empty}
        tones={UP_DOWN_TONES}
        data={upDown(d.overTime.map((r) => ({ label: monthLabel(r.month), key: null, up: r.up, down: r.down })))}
      />
      <ChartCard
        title="By assignee"
        kind="stackedBar"
        categoryLabel="Assigned"
        height={240}
        subtitle={`The ${d.byAssignee.length === 1 ? 'assignee' : `${d.byAssignee.length} assignees`} with most answers`}
        emptyText={empty}
        tones={UP_DOWN_TONES}
        data={upDown(d.byAssignee.map((r) => ({ label: r.assignedTo, key: r.assignedTo === UNASSIGNED ? null : r.assignedTo, up: r.up, down: r.down })))}
        onSelect={onAssignee ? (datum) => datum.key && onAssignee(datum.key) : undefined}
      />
      <ChartCard
        title="By source"
        kind="stackedBar"
        categoryLabel="Source"
        height={240}
        subtitle="Answers from the e-mail link and from the portal"
        emptyText={empty}
        tones={UP_DOWN_TONES}
        data={upDown(d.bySource.map((r) => ({ label: r.source, key: null, up: r.up, down: r.down })))}
      />
      <ChartCard
        title="Response rate"
        kind="bar"
        categoryLabel="Month"
        height={240}
        subtitle={`${rate(rr.answered, rr.invited)} answered: ${int.format(rr.answered)} of ${int.format(rr.invited)} invitations`}
        emptyText="No survey invitations yet."
        data={{
          categories: rr.byMonth.map((m) => monthLabel(m.month)),
          keys: rr.byMonth.map(() => null),
          series: [
            { name: 'Invited', values: rr.byMonth.map((m) => m.invited) },
            { name: 'Answered', values: rr.byMonth.map((m) => m.answered) },
          ],
        }}
      />
    </Box>
  );
}
