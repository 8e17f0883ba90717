import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import { type GridColDef, type GridRowId, type GridRowParams, type GridRowSelectionModel } from '@mui/x-data-grid';
import {
  canSelectInviteCandidate,
  INVITE_MESSAGES,
  INVITE_SEARCH_DEBOUNCE_MS,
  listMetaOf,
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
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useInviteCandidates, useRefreshInvitesLater, useSendInvites } from './api.ts';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const INVITE_LIST = listMetaOf(ZInviteListRequestSchema);
const NONE: GridRowSelectionModel = { type: 'include', ids: new Set<GridRowId>() };

/** requirements §9.1 'new invites': contacts that can be invited, with the user type each gets. */
export function NewInvitesPage() {
  // Page and search live in the URL: Back, reload and a shared link restore them.
  const url = useListUrlState(ZInviteListRequestSchema);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), INVITE_SEARCH_DEBOUNCE_MS);
  const search = state.search ?? '';
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
      { field: 'lastName', headerName: 'Last Name', flex: 1, minWidth: 110 },
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
      <ListScreen
        title="Invite Contacts"
        subtitle="Contacts who can be invited to the portal"
        order={sortLabel('Last Name', state.direction)}
        actions={
          <>
            <Button variant="contained" startIcon={<SendIcon />} disabled={selectedIds.length === 0} onClick={() => setIsConfirming(true)}>
              Send Invitations
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
          </>
        }
        filters={<ToolbarSearchField label="Search contacts" value={searchText} onChange={setSearchText} />}
      >
        <ListGrid
          label="Contacts to invite"
          list={list}
          isFiltered={!!search}
          emptyText={LIST_TEXTS.empty}
          filteredEmptyText={LIST_TEXTS.filteredEmpty}
          url={url}
          meta={INVITE_LIST}
          getRowId={(r) => r.contactId}
          // The one order (Last Name), both directions.
          columns={columns}
          checkboxSelection
          keepNonExistentRowsSelected
          disableRowSelectionOnClick
          isRowSelectable={({ row }: GridRowParams<InviteCandidate>) => canSelectInviteCandidate(row)}
          rowSelectionModel={selection}
          onRowSelectionModelChange={(m) => {
            setSelection(m);
            setKnown((k) => ({ ...k, ...Object.fromEntries(rows.filter((r) => m.ids.has(r.contactId)).map((r) => [r.contactId, r])) }));
          }}
        />
      </ListScreen>
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
