import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InvoicedIcon from '@mui/icons-material/CheckCircle';
import NotInvoicedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { canSeeJobs, EXPORT_PREFIX, formatUsd, listMetaOf, ZTimeEntryListRequestSchema, type TimeEntryRow } from '@sc/common';
import { withQuery } from '../../api/query-string.ts';
import { ExportButton } from '../../ui/list/export-button.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { ServerGrid } from '../../ui/list/server-grid.tsx';
import { useSignedInUser } from '../auth/session-context.ts';
import { formatDate, formatDateTime } from '../../ui/dates.ts';
import { useJob, useTimeData } from './api.ts';
import { BILLING_EMPTY, decimalColumn, useBillingList } from './billing-list.tsx';
import { jobHeaderLine, JobTabs } from './job-tabs.tsx';
import { hrefs } from '../../config/hrefs.ts';
import { useColumnsForWidth } from '../../ui/list/use-columns-for-width.ts';

const TIME_LIST = listMetaOf(ZTimeEntryListRequestSchema);
const SORT_LABELS = { id: 'TimeDataID', memberName: 'Staff Name', activityType: 'Type', rateDesc: 'Rate' } as const;

/** Time In / Time Out in the grid: short date and time in the user's time zone ('9/22/26, 11:59 AM'). */
function shortDateTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return formatDateTime(iso, timeZone);
  }
}

const hoursFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Invoiced: a check when the entry is invoiced; otherwise the 'not invoiced' mark (-1 in the source system). */
function InvoicedMark({ row }: { row: TimeEntryRow }) {
  const label = row.isInvoiced ? `Invoiced${row.invoiceNum ? ` (${row.invoiceNum})` : ''}` : 'Not invoiced';
  return (
    <Tooltip title={label}>
      {row.isInvoiced ? <InvoicedIcon role="img" aria-label={label} color="success" fontSize="small" /> : <NotInvoicedIcon role="img" aria-label={label} color="disabled" fontSize="small" />}
    </Tooltip>
  );
}

/** The 'Time Detail' dialog (view-job-report): every field of one time entry. */
function TimeDetailDialog({ entry, timeZone, onClose }: { entry: TimeEntryRow | null; timeZone: string; onClose: () => void }) {
  const facts: [string, React.ReactNode][] = entry
    ? [
        ['Staff Name', entry.memberName],
        ['Type', entry.activityType ?? '—'],
        ['Rate', [entry.rateDesc, entry.rate !== null ? formatUsd(entry.rate) : null].filter(Boolean).join(' · ') || '—'],
        [
          'Ticket #',
          entry.ticketId ? (
            <Link component={RouterLink} to={hrefs.incidentView({ id: entry.ticketId })}>
              {entry.ticketNo ?? entry.ticketId}
            </Link>
          ) : (
            '—'
          ),
        ],
        ['Ticket', entry.ticketSummary ?? '—'],
        ['Invoiced', entry.isInvoiced ? `Yes${entry.invoiceNum ? `, ${entry.invoiceNum}` : ''}` : 'No'],
        ['Time In', formatDateTime(entry.timeIn, timeZone)],
        ['Time Out', entry.timeOut ? formatDateTime(entry.timeOut, timeZone) : '—'],
        ['Hours', hoursFmt.format(Number(entry.hours))],
      ]
    : [];
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="time-detail-title">
      <DialogTitle id="time-detail-title">Time Detail</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}>
          {facts.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Hidden for the width: a phone keeps staff, ticket, hours and Detail; a narrow screen drops rate and time out. */
const TIME_COLUMNS_HIDDEN = { phone: ['activityType', 'rateDesc', 'isInvoiced', 'timeIn', 'timeOut'], narrow: ['rateDesc', 'timeOut'] } as const;

/** requirements §11.1: /jobs/jobreports/{jobid}/{invid?}, the job's time data, of one invoice when {invid} is given. */
export function TimeDataPage({ jobId, invoiceId }: { jobId: number; invoiceId?: number }) {
  const user = useSignedInUser();
  const url = useBillingList(ZTimeEntryListRequestSchema);
  const { state } = url;
  const job = useJob(jobId);
  // The invoice of /jobs/jobreports/{jobid}/{invid} comes from the path, not the URL's query.
  const time = useTimeData(jobId, { ...state, invoiceId });
  const [detail, setDetail] = useState<TimeEntryRow | null>(null);
  // requirements §11.1: only the Administrator gets the Staff name as a link (to the staff member's e-mail).
  const staffLink = canSeeJobs(user);
  const tz = user.timeZone;
  // At 375 px: staff, ticket, hours and the Time Detail button, which shows the rest of the entry.
  const columnVisibilityModel = useColumnsForWidth(TIME_COLUMNS_HIDDEN);
  const columns = useMemo<GridColDef<TimeEntryRow>[]>(
    () => [
      {
        field: 'memberName',
        headerName: 'Staff Name',
        minWidth: 100,
        flex: 1,
        renderCell: ({ row }) => (staffLink && row.staffEmail ? <Link href={`mailto:${row.staffEmail}`}>{row.memberName}</Link> : row.memberName),
      },
      { field: 'activityType', headerName: 'Type', width: 120 },
      { field: 'rateDesc', headerName: 'Rate', width: 120 },
      {
        field: 'ticketNo',
        headerName: 'Ticket #',
        width: 100,
        sortable: false,
        renderCell: ({ row }) =>
          row.ticketId ? (
            <Link component={RouterLink} to={hrefs.incidentView({ id: row.ticketId })}>
              {row.ticketNo ?? row.ticketId}
            </Link>
          ) : null,
      },
      { field: 'isInvoiced', headerName: 'Invoiced', width: 80, sortable: false, renderCell: ({ row }) => <InvoicedMark row={row} /> },
      { field: 'timeIn', headerName: 'Time In', width: 150, sortable: false, valueFormatter: (v: string) => shortDateTime(v, tz) },
      { field: 'timeOut', headerName: 'Time Out', width: 150, sortable: false, valueFormatter: (v: string | null) => (v ? shortDateTime(v, tz) : '') },
      decimalColumn<TimeEntryRow>('hours', 'Hours', { sortable: false, minWidth: 0, width: 68 }),
      {
        field: 'detail',
        headerName: 'Detail',
        width: 64,
        sortable: false,
        renderCell: ({ row }) => (
          <Tooltip title="Time Detail">
            <IconButton size="small" onClick={() => setDetail(row)} aria-label={`Time Detail of ${row.memberName}, ${formatDate(row.timeIn, tz)}`}>
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [staffLink, tz],
  );
  if (job.isError) return <Alert severity="error">{job.error.message}</Alert>;
  const firstInvoiceNum = time.data?.rows.find((r) => r.invoiceNum)?.invoiceNum;
  return (
    <>
      <ListScreen
        title={invoiceId ? `Time Data · Invoice ${firstInvoiceNum ?? invoiceId}` : 'Time Data'}
        subtitle={jobHeaderLine(job.data)}
        order={sortLabel(SORT_LABELS[state.sort], state.direction, state.sort === 'id' ? 'number' : 'text')}
        actions={
          <>
            <ExportButton
              path={withQuery(`/jobs/${jobId}/time-entries/export`, { invoiceId, sort: state.sort, direction: state.direction })}
              fallbackName={`${EXPORT_PREFIX.timeData}.xlsx`}
            />
            {invoiceId && (
              <Button component={RouterLink} to={hrefs.jobReports({ jobid: jobId })}>
                All time data
              </Button>
            )}
            <Button startIcon={<RefreshIcon />} onClick={() => void time.refetch()}>
              Refresh
            </Button>
          </>
        }
      >
        <JobTabs jobId={jobId} current="jobreports" />
        <ServerGrid
          label="Time data"
          list={time}
          url={url}
          meta={TIME_LIST}
          emptyText={BILLING_EMPTY}
          columns={columns}
          columnVisibilityModel={columnVisibilityModel}
          footer={
            <Typography variant="body2" sx={{ textAlign: 'right', pt: 1, px: 1, fontWeight: 600 }}>
              Total hours: {time.data ? hoursFmt.format(Number(time.data.totalHours)) : ''}
            </Typography>
          }
        />
      </ListScreen>
      <TimeDetailDialog entry={detail} timeZone={tz} onClose={() => setDetail(null)} />
    </>
  );
}
