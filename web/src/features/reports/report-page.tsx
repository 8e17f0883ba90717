import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  ZReportQuerySchema,
  type ChartDatum,
  type NativeReport,
  type ReportChart,
  type ReportFigure,
  type TicketType,
} from '@sc/common';
import { ChartCard } from '../../ui/charts/index.ts';
import { formatDate } from '../../ui/dates.ts';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useReport } from './api.ts';
import { EmbeddedReport } from './embedded-report.tsx';
import { hrefOfLink } from './report-links.ts';

// requirements §13.2–§13.5: /reports/{reportId}. The period, site and ticket type live in the URL (parsed by
// the API's own query schema), so Back, reload and a shared link show the same report. A click on a
// bar, slice or table-view row opens the ticket list (or devices) with the matching filters.

const count = new Intl.NumberFormat('en-US');

function figureText(f: ReportFigure): string {
  if (f.value === null) return '—';
  if (f.format === 'money') return formatUsd(f.value);
  if (f.format === 'hours') return `${Number(f.value).toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
  return count.format(Number(f.value));
}

const TYPE_LABELS: Record<TicketType, string> = { Incident: 'Incidents', ServiceRequest: 'Service Requests' };

export function ReportPage({ reportId, title }: { reportId: string; title: string }) {
  useDocumentTitle(title);
  const { state, update } = useListUrlState(ZReportQuerySchema);
  const report = useReport(reportId, state);
  const data = report.data;

  if (data?.kind === 'embed') return <EmbeddedReport reportId={reportId} title={title} />;
  const native = data?.kind === 'native' ? data : undefined;

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={native ? `${formatDate(native.from)} – ${formatDate(native.to)}` : undefined}
        toolbar={
          native && (
            <>
              <TextField
                type="date"
                size="small"
                label="From"
                value={state.from ?? native.from}
                onChange={(e) => update({ from: e.target.value || undefined })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: state.to ?? native.to } }}
              />
              <TextField
                type="date"
                size="small"
                label="To"
                value={state.to ?? native.to}
                onChange={(e) => update({ to: e.target.value || undefined })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: state.from ?? native.from } }}
              />
              <TextField
                select
                size="small"
                label="Site"
                value={native.siteId === null ? '' : String(native.siteId)}
                onChange={(e) => update({ siteId: e.target.value ? Number(e.target.value) : undefined })}
                sx={{ minWidth: 180 }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">All sites</MenuItem>
                {native.sites.map((s) => (
                  <MenuItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              {native.hasTypeFilter && (
                <TextField select size="small" label="Tickets" value={native.type} onChange={(e) => update({ type: e.target.value as TicketType })} sx={{ minWidth: 180 }}>
                  {(Object.keys(TYPE_LABELS) as TicketType[]).map((t) => (
                    <MenuItem key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )
        }
      />
      {report.isFetching && native && <LinearProgress aria-label="Updating report" sx={{ mb: 1 }} />}
      {report.error && !native && <Alert severity="error">{report.error.message}</Alert>}
      {report.error && native && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {report.error.message}
        </Alert>
      )}
      {!data && !report.error && <ReportSkeleton />}
      {native && <NativeReportBody report={native} />}
    </Box>
  );
}

function ReportSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading report">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', mb: 3 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={84} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function NativeReportBody({ report }: { report: NativeReport }) {
  const navigate = useNavigate();
  return (
    <>
      <Box component="section" aria-label="Headline figures" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(170px, 1fr))' }, mb: 3 }}>
        {report.figures.map((f) => (
          <Card key={f.id} variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography variant="body2" color="text.secondary" component="p">
                {f.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-figure={f.id}>
                {figureText(f)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))' }}>
        {report.charts.map((c) => (
          <ReportChartCard key={c.id} chart={c} onOpen={(href) => void navigate(href)} />
        ))}
      </Box>
    </>
  );
}

function ReportChartCard({ chart, onOpen }: { chart: ReportChart; onOpen: (href: string) => void }) {
  const onSelect = useCallback(
    (d: ChartDatum) => {
      const link = d.key === null ? null : chart.links[Number(d.key)];
      if (link) onOpen(hrefOfLink(link));
    },
    [chart, onOpen],
  );
  return <ChartCard title={chart.title} kind={chart.kind} categoryLabel={chart.categoryLabel} data={chart.data} onSelect={chart.links.some(Boolean) ? onSelect : undefined} />;
}
