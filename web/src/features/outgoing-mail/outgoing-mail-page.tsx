import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { OUTBOX_STATE_LABELS, OUTBOX_STATES, ZOutboxListRequestSchema, type OutboxRow, type OutboxState } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { ListLoadError, ToolbarSearchField } from '../../ui/list-toolbar.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useOutbox, useRetryOutbox } from './api.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';
import { OutboxStateChip } from './outbox-state-chip.tsx';

const PAGE_DEFAULTS = { pageSize: 25 };
const SEARCH_DEBOUNCE_MS = 500;

/**
 * 'Outgoing mail' (issue 13, space admin): every e-mail the portal queued, newest first, with its
 * state; failed ones can be retried. Without SMTP_URL mail is kept as preview and can be read here.
 */
export function OutgoingMailPage({ timeZone }: { timeZone: string }) {
  // Page, search and state live in the URL (docs/conventions.md 'Lists'): Back and reload restore them.
  const { state, update } = useListUrlState(ZOutboxListRequestSchema, PAGE_DEFAULTS);
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), SEARCH_DEBOUNCE_MS);
  const list = useOutbox(state);
  const rows = list.data?.rows ?? [];
  const previewMode = list.data?.previewMode ?? false;
  const [openId, setOpenId] = useState<number | null>(null);
  const retry = useRetryOutbox();
  const showSnackbar = useSnackbar();

  const doRetry = async (id: number) => {
    try {
      await retry.mutateAsync(id);
      showSnackbar('The message will be sent again', { severity: 'success' });
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  };

  const columns = useMemo<GridColDef<OutboxRow>[]>(
    () => [
      { field: 'status', headerName: 'State', minWidth: 150, sortable: false, renderCell: (p) => <OutboxStateChip state={p.row.status} /> },
      { field: 'toAddress', headerName: 'Recipient', flex: 1, minWidth: 190, sortable: false },
      {
        field: 'subject',
        headerName: 'Subject',
        flex: 1.6,
        minWidth: 220,
        sortable: false,
        // The subject opens the message (so do double-click and Enter on a row).
        renderCell: (p) => (
          <Link component="button" type="button" onClick={() => setOpenId(p.row.id)} sx={{ textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}>
            {p.row.subject}
          </Link>
        ),
      },
      { field: 'createdAt', headerName: 'Queued', minWidth: 165, sortable: false, valueFormatter: (v: string) => formatDateTime(v, timeZone) },
      { field: 'lastError', headerName: 'Last error', flex: 0.8, minWidth: 120, sortable: false, valueFormatter: (v: string | null) => v ?? '' },
      {
        field: 'actions',
        headerName: 'Retry',
        minWidth: 90,
        sortable: false,
        renderCell: (p) =>
          p.row.status === 'failed' ? (
            <Button size="small" color="warning" disabled={retry.isPending} onClick={() => void doRetry(p.row.id)} aria-label={`Retry the message to ${p.row.toAddress}`}>
              Retry
            </Button>
          ) : null,
      },
    ],
    // doRetry only closes over stable hooks
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [timeZone, retry.isPending],
  );

  return (
    <>
      <PageHeader
        title="Outgoing Mail"
        subtitle="Every e-mail the portal sends, newest first"
        toolbar={
          <>
            <TextField
              select
              size="small"
              label="State"
              value={state.status ?? ''}
              onChange={(e) => update({ status: (e.target.value as OutboxState | '') || undefined })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">All states</MenuItem>
              {OUTBOX_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {OUTBOX_STATE_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
            <ToolbarSearchField label="Search recipient or subject" value={searchText} onChange={(v) => setSearchText(v)} />
          </>
        }
      />
      {list.data && (
        <Alert severity={previewMode ? 'info' : 'success'} sx={{ mb: 2 }}>
          {previewMode
            ? 'Preview mode: no SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent. Open a message to read it and follow its links.'
            : 'Mail is sent through the configured SMTP server. Message bodies are not shown here, as they may carry links meant for their recipient only.'}
        </Alert>
      )}
      <ListLoadError error={list.error} />
      <Box>
        <DataGrid
          aria-label="Outgoing mail"
          rows={rows}
          columns={columns}
          loading={list.isFetching}
          density="compact"
          rowHeight={52}
          autoHeight
          hideFooter
          disableColumnMenu
          disableRowSelectionOnClick
          onRowDoubleClick={(p) => setOpenId(Number(p.id))}
          onCellKeyDown={(p, e) => {
            if (e.key === 'Enter' && p.field !== 'actions') setOpenId(Number(p.id));
          }}
          localeText={{ noRowsLabel: state.search || state.status ? 'No items were found - please modify your search criteria' : 'There are no items to display.' }}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        />
        <PagingFooter
          page={state.page}
          pageSize={state.pageSize}
          count={rows.length}
          total={list.data?.total ?? 0}
          hasNextPage={list.data?.hasNextPage ?? false}
          onPage={(page) => update({ page })}
        />
      </Box>
      <OutboxMessageDialog id={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
    </>
  );
}
