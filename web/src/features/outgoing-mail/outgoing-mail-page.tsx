import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import RefreshIcon from '@mui/icons-material/Refresh';
import { type GridColDef } from '@mui/x-data-grid';
import { listMetaOf, OUTBOX_STATE_LABELS, OUTBOX_STATES, ZOutboxListRequestSchema, type OutboxRow } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { ToolbarSearchField, ToolbarSelectFilter } from '../../ui/list-toolbar.tsx';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useOutbox, useRetryOutbox } from './api.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';
import { OutboxStateChip } from './outbox-state-chip.tsx';

const PAGE_DEFAULTS = { pageSize: 25 };
const OUTBOX_LIST = listMetaOf(ZOutboxListRequestSchema);
const SEARCH_DEBOUNCE_MS = 500;

/**
 * 'Outgoing mail' (issue 13, space admin): every e-mail the portal queued, newest first, with its
 * state; failed ones can be retried. Without SMTP_URL mail is kept as preview and can be read here.
 */
export function OutgoingMailPage({ timeZone }: { timeZone: string }) {
  // Page, search and state live in the URL (docs/conventions.md 'Lists'): Back and reload restore them.
  const url = useListUrlState(ZOutboxListRequestSchema, PAGE_DEFAULTS);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), SEARCH_DEBOUNCE_MS);
  const list = useOutbox(state);
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
      { field: 'createdAt', headerName: 'Queued', sortable: false, ...dateTimeColumn(timeZone) },
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
      <ListScreen
        title="Outgoing Mail"
        subtitle="Every e-mail the portal sends, newest first"
        order={sortLabel('Queued', state.direction, 'date')}
        actions={
          <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
            Refresh
          </Button>
        }
        filters={
          <>
            <ToolbarSelectFilter label="State" allLabel="All states" values={OUTBOX_STATES} labelOf={(s) => OUTBOX_STATE_LABELS[s]} value={state.status} onChange={(status) => update({ status })} />
            <ToolbarSearchField label="Search recipient or subject" value={searchText} onChange={(v) => setSearchText(v)} />
          </>
        }
      >
        {list.data && (
          <Alert severity={previewMode ? 'info' : 'success'} sx={{ mb: 2 }}>
            {previewMode
              ? 'Preview mode: no SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent. Open a message to read it and follow its links.'
              : 'Mail is sent through the configured SMTP server. Message bodies are not shown here, as they may carry links meant for their recipient only.'}
          </Alert>
        )}
        <ListGrid
          label="Outgoing mail"
          list={list}
          isFiltered={!!(state.search || state.status)}
          emptyText={LIST_TEXTS.empty}
          filteredEmptyText={LIST_TEXTS.filteredEmpty}
          url={url}
          meta={OUTBOX_LIST}
          columns={columns}
          disableRowSelectionOnClick
          onRowDoubleClick={(p) => setOpenId(Number(p.id))}
          onCellKeyDown={(p, e) => {
            if (e.key === 'Enter' && p.field !== 'actions') setOpenId(Number(p.id));
          }}
        />
      </ListScreen>
      <OutboxMessageDialog id={openId} timeZone={timeZone} onClose={() => setOpenId(null)} />
    </>
  );
}
