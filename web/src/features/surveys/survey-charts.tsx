import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { SurveyChartsResponse } from '@sc/common';
import { ListLoadError } from '../../ui/list-toolbar.tsx';

// The four survey charts (docs/requirements.md §20.2). Until the shared chart component (web/src/ui/charts)
// is in this branch, each shows its figures as a table: what a screen reader's table view of a chart reads.

const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const int = new Intl.NumberFormat('en-US');
const rate = (part: number, whole: number) => (whole > 0 ? pct.format(part / whole) : '–');
/** 'YYYY-MM' (already in the user's zone) as 'Jan 2026'. */
export const monthLabel = (month: string) => dayjs(`${month}-01`).format('MMM YYYY');

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      <Box sx={{ overflowX: 'auto', maxHeight: 260 }}>{children}</Box>
    </Paper>
  );
}

function CountsTable({ caption, head, rows }: { caption: string; head: string; rows: { key: string; label: string; up: number; down: number }[] }) {
  if (rows.length === 0) return <Typography variant="body2">No Data</Typography>;
  return (
    <Table size="small" aria-label={caption} stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell>{head}</TableCell>
          <TableCell align="right">Thumbs up</TableCell>
          <TableCell align="right">Thumbs down</TableCell>
          <TableCell align="right">Satisfied</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row">
              {r.label}
            </TableCell>
            <TableCell align="right">{int.format(r.up)}</TableCell>
            <TableCell align="right">{int.format(r.down)}</TableCell>
            <TableCell align="right">{rate(r.up, r.up + r.down)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface SurveyChartsQuery {
  data?: SurveyChartsResponse | undefined;
  error: Error | null;
}

/** Satisfaction over time, by assignee, by source, and the response rate. */
export function SurveyCharts({ charts }: { charts: SurveyChartsQuery }) {
  const d = charts.data;
  if (charts.error) return <ListLoadError error={charts.error} />;
  const grid = { display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: 'repeat(4, 1fr)' } } as const;
  if (!d)
    return (
      <Box sx={grid} aria-label="Loading charts">
        {[1, 2, 3, 4].map((k) => (
          <Skeleton key={k} variant="rounded" height={200} />
        ))}
      </Box>
    );
  const totalUp = d.bySource.reduce((s, r) => s + r.up, 0);
  const totalDown = d.bySource.reduce((s, r) => s + r.down, 0);
  const rr = d.responseRate;
  return (
    <Box sx={grid} data-testid="survey-charts">
      <ChartCard title="Satisfaction over time" summary={`${rate(totalUp, totalUp + totalDown)} satisfied of ${int.format(totalUp + totalDown)} answers`}>
        <CountsTable caption="Satisfaction over time" head="Month" rows={d.overTime.map((r) => ({ key: r.month, label: monthLabel(r.month), up: r.up, down: r.down }))} />
      </ChartCard>
      <ChartCard title="By assignee" summary={`The ${d.byAssignee.length} assignees with most answers`}>
        <CountsTable caption="Satisfaction by assignee" head="Assigned" rows={d.byAssignee.map((r) => ({ key: r.assignedTo, label: r.assignedTo, up: r.up, down: r.down }))} />
      </ChartCard>
      <ChartCard title="By source" summary="Answers from the e-mail link and from the portal">
        <CountsTable caption="Satisfaction by source" head="Source" rows={d.bySource.map((r) => ({ key: r.source, label: r.source, up: r.up, down: r.down }))} />
      </ChartCard>
      <ChartCard title="Response rate" summary={`${rate(rr.answered, rr.invited)} answered: ${int.format(rr.answered)} of ${int.format(rr.invited)} invitations`}>
        {rr.byMonth.length === 0 ? (
          <Typography variant="body2">No Data</Typography>
        ) : (
          <Table size="small" aria-label="Response rate by month" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>Month</TableCell>
                <TableCell align="right">Invited</TableCell>
                <TableCell align="right">Answered</TableCell>
                <TableCell align="right">Rate</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rr.byMonth.map((m) => (
                <TableRow key={m.month}>
                  <TableCell component="th" scope="row">
                    {monthLabel(m.month)}
                  </TableCell>
                  <TableCell align="right">{int.format(m.invited)}</TableCell>
                  <TableCell align="right">{int.format(m.answered)}</TableCell>
                  <TableCell align="right">{rate(m.answered, m.invited)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </ChartCard>
    </Box>
  );
}
