import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { BALANCE_FORWARD, BALANCES_LIMIT, defaultAsOfDate, EXPORT_PREFIX, formatUsd, ZBalancesUrlSchema, type BalanceRow } from '@sc/common';
import { useSignedInUser } from '../auth/session-context.ts';
import { formatDate } from '../../ui/dates.ts';
import { ExportButton } from '../../ui/list/export-button.tsx';
import { ListError } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useBalances } from './api.ts';
import { withQuery } from '../../api/query-string.ts';
import { JobTabs } from './job-tabs.tsx';
import { hrefs } from '../../config/hrefs.ts';
import { useColumnsForWidth } from '../../ui/list/use-columns-for-width.ts';

type GridRow = Omit<BalanceRow, 'transType'> & { transType: BalanceRow['transType'] | typeof BALANCE_FORWARD };

const isAsOfDate = (v: string): boolean => ZBalancesUrlSchema.shape.asOfDate.safeParse(v).success;

/** The invoice a row's details icon opens: the invoice itself, or the one a payment or credit memo is applied to. */
const detailsId = (r: GridRow): number | null => (r.transType === 'INVOICE' ? r.id : r.transType === BALANCE_FORWARD ? null : r.invoiceAppliedId);

/**
 * requirements §11.1: /jobs/balances/{jobid} and /balances. A client-side grid (the API returns the caller's
 * transactions on or after the As-of-Date, bounded), the Balance Forward row first and the Total below:
 * Total = Balance Forward + INVOICE amounts − PAYMENT and CREDIT MEMO amounts, computed by the server.
 */
/** Hidden for the width: Time Activity, Agreement #, Type and Details on a phone (requirements §11.1 at 375 px). */
const BALANCE_COLUMNS_HIDDEN = { phone: ['includeTimeActivity', 'jobNum', 'transType', 'details'], narrow: ['includeTimeActivity'] } as const;

export function BalancesPage({ jobId }: { jobId?: number }) {
  const user = useSignedInUser();
  // The As-of-Date lives in the URL with the API's name (Back, reload and a link keep it); its default, 1 January
  // of last year in the user's zone, is left out.
  const defaults = useMemo(() => ({ asOfDate: defaultAsOfDate(new Date(), user.timeZone) }), [user.timeZone]);
  const { state, update } = useListUrlState(ZBalancesUrlSchema, defaults);
  const { asOfDate } = state;
  const balances = useBalances(jobId, asOfDate);
  const data = balances.data;

  const rows = useMemo<GridRow[]>(() => {
    if (!data) return [];
    const forward: GridRow = {
      id: -1,
      transNum: '',
      transType: BALANCE_FORWARD,
      transDate: data.asOfDate,
      amount: data.balanceForward,
      includeTimeActivity: false,
      invoiceAppliedId: null,
      jobId: jobId ?? 0,
      jobNum: '',
    };
    return [forward, ...data.rows];
  }, [data, jobId]);

  const columns = useMemo<GridColDef<GridRow>[]>(
    () => [
      {
        field: 'transNum',
        headerName: 'Invoice Num',
        minWidth: 110,
        flex: 1,
        renderCell: ({ row }) =>
          row.transType === 'INVOICE' ? (
            <Link component={RouterLink} to={hrefs.invoiceDetails({ id: row.id })}>
              {row.transNum}
            </Link>
          ) : (
            row.transNum
          ),
      },
      {
        field: 'includeTimeActivity',
        headerName: 'Time Activity',
        minWidth: 120,
        renderCell: ({ row }) =>
          row.transType === 'INVOICE' && row.includeTimeActivity ? (
            <Link component={RouterLink} to={hrefs.jobReports({ jobid: row.jobId, invid: row.id })} aria-label={`Time Data of invoice ${row.transNum}`}>
              Time Data
            </Link>
          ) : null,
      },
      ...(jobId === undefined ? [{ field: 'jobNum', headerName: 'Agreement #', minWidth: 120 } satisfies GridColDef<GridRow>] : []),
      { field: 'transType', headerName: 'Type', minWidth: 140, renderCell: ({ row }) => (row.transType === BALANCE_FORWARD ? <strong>{BALANCE_FORWARD}</strong> : row.transType) },
      { field: 'transDate', headerName: 'Date', minWidth: 100, valueFormatter: (v: string) => formatDate(v) },
      { field: 'amount', headerName: 'Total', minWidth: 110, align: 'right', headerAlign: 'right', valueFormatter: (v: string) => formatUsd(v) },
      {
        field: 'details',
        headerName: 'Details',
        width: 80,
        renderCell: ({ row }) => {
          const id = detailsId(row);
          if (id === null) return null;
          return (
            <Tooltip title="Invoice details">
              <IconButton size="small" component={RouterLink} to={hrefs.invoiceDetails({ id })} aria-label={`Invoice details of ${row.transNum}`}>
                <ReceiptLongIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          );
        },
      },
    ],
    [jobId],
  );

  // At 375 px: number, date and total; the invoice number opens its details (Time Activity and Details too).
  const columnVisibilityModel = useColumnsForWidth(BALANCE_COLUMNS_HIDDEN);
  const job = data?.job;
  return (
    <>
      <PageHeader
        title="Balances"
        subtitle={job ? [`Agreement ${job.agreementNumber}`, job.summary].filter(Boolean).join(' · ') : 'All Customer Balances'}
        toolbar={
          <>
            <TextField
              type="date"
              size="small"
              label="As of Date"
              value={asOfDate}
              onChange={(e) => {
                // A date being typed (or cleared) is not applied until it is a whole date.
                if (isAsOfDate(e.target.value)) update({ asOfDate: e.target.value }, { replace: true });
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <ExportButton path={withQuery('/balances/export', { ...state, jobId })} fallbackName={`${EXPORT_PREFIX.balances}.xlsx`} />
            <Button startIcon={<RefreshIcon />} onClick={() => void balances.refetch()}>
              Refresh
            </Button>
          </>
        }
      />
      {jobId !== undefined && <JobTabs jobId={jobId} current="balances" />}
      <ListError error={balances.error} onRetry={() => void balances.refetch()} />
      {data?.truncated && <Alert severity="info" sx={{ mb: 2 }}>{`Only the newest ${BALANCES_LIMIT} transactions are listed; the totals include all of them.`}</Alert>}
      <DataGrid<GridRow>
        aria-label="Balances"
        rows={rows}
        columns={columns.map((c) => ({ ...c, sortable: false }))}
        columnVisibilityModel={columnVisibilityModel}
        loading={balances.isFetching}
        density="compact"
        rowHeight={52}
        autoHeight
        disableColumnMenu
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        pageSizeOptions={[10, 25, 50, 100]}
        getRowClassName={({ row }) => (row.transType === BALANCE_FORWARD ? 'balance-forward' : '')}
        sx={{ '& .balance-forward': { bgcolor: 'action.hover' } }}
        localeText={{ noRowsLabel: 'No data' }}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, py: 1.5, px: 1 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} role="status" aria-live="polite">
          Total: {data ? formatUsd(data.totalAmount) : ''}
        </Typography>
      </Box>
    </>
  );
}
