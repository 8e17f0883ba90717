import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import { DataGrid, type GridColDef, type GridRowId, type GridRowParams, type GridRowSelectionModel } from '@mui/x-data-grid';
import {
  canSelectInviteCandidate,
  INVITE_MESSAGES,
  INVITE_SEARCH_DEBOUNCE_MS,
  ZInviteListRequestSchema,
  INVITES_REFRESH_MS,
  inviteUserTypeOptions,
  USER_TYPE_LABELS,
  type InviteCandidate,
  type UserType,
} from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useInviteCandidates, useRefreshInvitesLater, useSendInvites } from './api.ts';
import { ListLoadError, ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const NONE: GridRowSelectionModel = { type: 'include', ids: new Set<GridRowId>() };

/** requirements §9.1 'new invites': contacts that can be invited, with the user type each gets. */
export function NewInvitesPage() {
  // Page and search live in the URL: Back, reload and a shared link restore them.
  const { state, update } = useListUrlState(ZInviteListRequestSchema);
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), INVITE_SEARCH_DEBOUNCE_MS);
  const search = state.search ?? '';
  const page = state.page;
  const list = useInviteCandidates(state);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const [types, setTypes] = useState<Record<number, UserType>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const send = useSendInvites();
  const refreshLater = useRefreshInvitesLater();
  const showSnackbar = useSnackbar();

  const typeOf = (c: InviteCandidate): UserType => types[c.contactId] ?? c.userType ?? 'User';
  const selectedIds = [...selection.ids].map(Number);
  // Keep each selected row (across pages) with the type chosen for it.
  const [known, setKnown] = useState<Record<number, InviteCandidate>>({});

  const columns = useMemo<GridColDef<InviteCandidate>[]>(
    () => [
      { field: 'firstName', headerName: 'First Name', flex: 1, minWidth: 110, sortable: false },
      { field: 'lastName', headerName: 'Last Name', flex: 1, minWidth: 110, sortable: false },
      { field: 'email', headerName: 'Email Address', flex: 1.6, minWidth: 200, sortable: false },
      {
        field: 'userType',
        headerName: 'User Type',
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => {
          const locked = !canSelectInviteCandidate(row);
          return (
            <TextField
              select
              size="small"
              variant="standard"
              value={typeOf(row)}
              disabled={locked}
              onChange={(e) => setTypes((t) => ({ ...t, [row.contactId]: e.target.value as UserType }))}
              onKeyDown={(e) => e.stopPropagation()}
              slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `User Type for ${row.firstName} ${row.lastName}` } }}
              fullWidth
            >
              {(locked && row.userType ? [row.userType] : inviteUserTypeOptions(row)).map((t) => (
                <option key={t} value={t}>
                  {USER_TYPE_LABELS[t]}
                </option>
              ))}
            </TextField>
          );
        },
      },
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 110,
        sortable: false,
        renderCell: ({ row }) =>
          row.isActive ? <Chip size="small" color="success" label="Active" /> : row.isInvited ? <Chip size="small" color="info" label="Invited" /> : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typeOf reads `types`
    [types],
  );

  const runSend = async () => {
    const contacts = selectedIds.map((id) => {
      const c = known[id] ?? rows.find((r) => r.contactId === id)!;
      return { contactId: id, userType: typeOf(c) };
    });
    try {
      const run = await send.mutateAsync({ contacts });
      showSnackbar(INVITE_MESSAGES.sent(run.count, run.runId), { severity: 'success' });
      setSelection(NONE);
      refreshLater(INVITES_REFRESH_MS);
    } catch (e) {
      showSnackbar(INVITE_MESSAGES.sendFailed(isApiError(e) ? e.message : String(e)), { severity: 'error' });
    } finally {
      setIsConfirming(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Invite Contacts"
        subtitle="Contacts who can be invited to the portal"
        toolbar={
          <>
            <Button variant="contained" startIcon={<SendIcon />} disabled={selectedIds.length === 0} onClick={() => setIsConfirming(true)}>
              Send Invitations
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
            <ToolbarSearchField label="Search contacts" value={searchText} onChange={setSearchText} />
          </>
        }
      />
      <ListLoadError error={list.error} />
      <Box>
        <DataGrid
          aria-label="Contacts to invite"
          rows={rows}
          getRowId={(r) => r.contactId}
          columns={columns}
          loading={list.isFetching}
          density="compact"
          rowHeight={52}
          autoHeight
          hideFooter
          disableColumnMenu
          checkboxSelection
          keepNonExistentRowsSelected
          disableRowSelectionOnClick
          isRowSelectable={({ row }: GridRowParams<InviteCandidate>) => canSelectInviteCandidate(row)}
          rowSelectionModel={selection}
          onRowSelectionModelChange={(m) => {
            setSelection(m);
            setKnown((k) => ({ ...k, ...Object.fromEntries(rows.filter((r) => m.ids.has(r.contactId)).map((r) => [r.contactId, r])) }));
          }}
          localeText={{ noRowsLabel: search ? 'No items were found - please modify your search criteria' : 'There are no items to display.' }}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        />
        <PagingFooter
          page={page}
          pageSize={state.pageSize}
          count={rows.length}
          total={list.data?.total ?? 0}
          hasNextPage={list.data?.hasNextPage ?? false}
          onPage={(p) => update({ page: p })}
        />
      </Box>
      <ConfirmDialog
        open={isConfirming}
        title="Send Invitations"
        text={INVITE_MESSAGES.confirmSend(selectedIds.length)}
        busy={send.isPending}
        onConfirm={() => void runSend()}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
