import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DataGrid, type GridCellParams, type GridColDef, type GridRowParams } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { PAGE_SIZES, TICKET_DETAIL_MESSAGES, ZTicketActionsQuerySchema, type SignedInUser, type TicketAction } from '@sc/common';
import { invalidateTicketWrite } from '../../api/query-keys.ts';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';
import { DATA_GRID_DEFAULTS, ListStatus, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { actionsExportUrl, createTicketAction, useTicket, useTicketActions } from './api.ts';
import { NewNoteDialog, NoteDialog } from './note-dialogs.tsx';
import { TicketLoadError, TicketSkeleton } from './ticket-page.tsx';
import { ticketPath, type TicketKind } from './ticket-paths.ts';

/** requirements §3.3, §3.6: the list refreshes 3 s after a new action. */
export const ACTION_REFRESH_MS = 3000;

/** Notes of a ticket (requirements §3.1): Date, Staff, Note as plain text, a view icon; New Note; export. */
export function TicketNotesPage({ kind, user }: { kind: TicketKind; user: SignedInUser }) {
  const { id = '' } = useParams();
  const ticketId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const ticket = useTicket(ticketId, ticketId > 0);
  if (ticketId < 1) return <TicketLoadError message="Not Found" />;
  if (ticket.isPending) return <TicketSkeleton />;
  if (ticket.isError) return <TicketLoadError message={ticket.error.message} />;
  return <NotesList kind={kind} user={user} ticketId={ticketId} ticketNo={ticket.data.ticketNo} shortDescription={ticket.data.shortDescription} />;
}

function NotesList({ kind, user, ticketId, ticketNo, shortDescription }: { kind: TicketKind; user: SignedInUser; ticketId: number; ticketNo: string; shortDescription: string }) {
  // Page and page size live in the URL: Back from a note's ticket, reload and a shared link restore them.
  const preferredPageSize = usePreferredPageSize();
  const defaults = useMemo(() => ({ pageSize: preferredPageSize }), [preferredPageSize]);
  const { state, update } = useListUrlState(ZTicketActionsQuerySchema, defaults);
  const actions = useTicketActions(ticketId, state);
  const [viewing, setViewing] = useState<TicketAction | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const qc = useQueryClient();
  const showSnackbar = useSnackbar();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => void invalidateTicketWrite(qc, ticketId);
  // On a phone the note itself matters most: Staff is left out, the date narrowed.
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<TicketAction>[]>(
    () => [
      { field: 'startDate', headerName: 'Date', width: isPhone ? 150 : 180, sortable: false, valueFormatter: (v: string) => formatDateTime(v, user.timeZone) },
      { field: 'staffName', headerName: 'Staff', width: 170, sortable: false },
      // The server strips the HTML; the grid renders the text as text.
      { field: 'note', headerName: 'Note', flex: 1, minWidth: 120, sortable: false },
      {
        field: 'view',
        headerName: '',
        width: 60,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Tooltip title="View note">
            <IconButton size="small" aria-label="View note" onClick={() => setViewing(row)}>
              <VisibilityOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [user.timeZone, isPhone],
  );

  const save = async (note: string) => {
    await createTicketAction(ticketId, note);
    showSnackbar(TICKET_DETAIL_MESSAGES.actionCreated, { severity: 'success' });
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, ACTION_REFRESH_MS);
  };

  return (
    <Box>
      <PageHeader
        title={`${ticketNo} Notes`}
        subtitle={`${shortDescription} · ${sortLabel('Date', state.direction, 'date')}`}
        toolbar={
          <>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
              New Note
            </Button>
            <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} href={actionsExportUrl(ticketId)} download>
              Export
            </Button>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={ticketPath(kind, 'view', ticketId)}>
              Back to {ticketNo}
            </Button>
          </>
        }
      />
      <ListStatus
        isPending={false}
        error={actions.error}
        rowCount={actions.data?.rows.length ?? 0}
        isFiltered={false}
        onRetry={() => void actions.refetch()}
        emptyText="No notes yet"
      />
      <DataGrid
        aria-label="Notes"
        rows={actions.data?.rows ?? []}
        columns={columns}
        {...DATA_GRID_DEFAULTS}
        rowCount={actions.data?.rows.length ?? 0}
        loading={actions.isFetching}
        columnVisibilityModel={{ staffName: !isPhone }}
        disableRowSelectionOnClick
        disableColumnFilter
        onRowDoubleClick={(p: GridRowParams<TicketAction>) => setViewing(p.row)}
        onCellKeyDown={(p: GridCellParams<TicketAction>, e) => {
          if (e.key === 'Enter') setViewing(p.row);
        }}
        localeText={{ noRowsLabel: 'No notes yet' }}
        sx={{ minHeight: 300 }}
      />
      <PagingFooter
        page={state.page}
        pageSize={state.pageSize}
        count={actions.data?.rows.length ?? 0}
        total={actions.data?.total ?? 0}
        hasNextPage={actions.data?.hasNextPage ?? false}
        onPage={(page) => update({ page })}
        pageSizeOptions={PAGE_SIZES}
        onPageSize={(pageSize) => update({ pageSize, page: 1 })}
      />
      <NoteDialog action={viewing} timeZone={user.timeZone} onClose={() => setViewing(null)} />
      <NewNoteDialog open={isAdding} onClose={() => setIsAdding(false)} onSave={save} />
    </Box>
  );
}
