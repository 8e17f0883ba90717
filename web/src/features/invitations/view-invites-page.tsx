import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import { type GridColDef, type GridRowId, type GridRowSelectionModel } from '@mui/x-data-grid';
import { INVITE_MESSAGES, INVITE_SEARCH_DEBOUNCE_MS, INVITES_REFRESH_MS, listMetaOf, ZInvitationListRequestSchema, USER_TYPE_LABELS, type InvitationRow } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { withQuery } from '../../api/query-string.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { downloadFile } from '../../ui/download-file.ts';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useDeleteInvites, useInvitations, useRefreshInvitesLater, useResendInvites } from './api.ts';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const INVITATION_LIST = listMetaOf(ZInvitationListRequestSchema);
const NONE: GridRowSelectionModel = { type: 'include', ids: new Set<GridRowId>() };

/** requirements §9.1 'view invites': open invitations to re-send or delete, exported as CSV. */
export function ViewInvitesPage({ timeZone }: { timeZone: string }) {
  // Page and search live in the URL: Back, reload and a shared link restore them.
  const url = useListUrlState(ZInvitationListRequestSchema);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), INVITE_SEARCH_DEBOUNCE_MS);
  const search = state.search ?? '';
  const page = state.page;
  const query = state;
  const list = useInvitations(query);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const [confirm, setConfirm] = useState<null | 'resend' | 'delete'>(null);
  const resend = useResendInvites();
  const remove = useDeleteInvites();
  const refreshLater = useRefreshInvitesLater();
  const showSnackbar = useSnackbar();
  const ids = [...selection.ids].map(Number);

  const columns = useMemo<GridColDef<InvitationRow>[]>(
    () => [
      { field: 'firstName', headerName: 'First Name', flex: 1, minWidth: 110, sortable: false },
      { field: 'lastName', headerName: 'Last Name', flex: 1, minWidth: 110, sortable: false },
      { field: 'email', headerName: 'Email Address', flex: 1.6, minWidth: 200, sortable: false },
      { field: 'userType', headerName: 'User Type', minWidth: 130, sortable: false, valueFormatter: (v: InvitationRow['userType']) => USER_TYPE_LABELS[v] },
      { field: 'sentAt', headerName: 'Sent', sortable: false, ...dateTimeColumn(timeZone) },
    ],
    [timeZone],
  );

  const run = async (kind: 'resend' | 'delete') => {
    try {
      const r = await (kind === 'resend' ? resend : remove).mutateAsync(ids);
      showSnackbar(kind === 'resend' ? INVITE_MESSAGES.sent(r.count, r.runId) : INVITE_MESSAGES.deleted(r.count, r.runId), { severity: 'success' });
      setSelection(NONE);
      refreshLater(INVITES_REFRESH_MS);
    } catch (e) {
      const message = isApiError(e) ? e.message : String(e);
      showSnackbar(kind === 'resend' ? INVITE_MESSAGES.sendFailed(message) : INVITE_MESSAGES.deleteFailed(message), { severity: 'error' });
    } finally {
      setConfirm(null);
    }
  };

  const exportCsv = async () => {
    try {
      await downloadFile(withQuery('/invitations/export', query), `INVITES_CMS_${page}_${state.pageSize}.csv`);
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  };

  return (
    <>
      <ListScreen
        title="Invitations"
        subtitle="Invitations sent to the portal"
        order={sortLabel('invitation', state.direction, 'date')}
        actions={
          <>
            <Button variant="contained" startIcon={<SendIcon />} disabled={ids.length === 0} onClick={() => setConfirm('resend')}>
              Re-send
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} disabled={ids.length === 0} onClick={() => setConfirm('delete')}>
              Delete
            </Button>
            <Button startIcon={<FileDownloadIcon />} onClick={() => void exportCsv()}>
              Export
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
          </>
        }
        filters={<ToolbarSearchField label="Search invitations" value={searchText} onChange={setSearchText} />}
      >
        <ListGrid
          label="Invitations"
          list={list}
          isFiltered={!!search}
          emptyText={LIST_TEXTS.empty}
          filteredEmptyText={LIST_TEXTS.filteredEmpty}
          url={url}
          meta={INVITATION_LIST}
          columns={columns}
          checkboxSelection
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
        />
      </ListScreen>
      <ConfirmDialog
        open={confirm === 'resend'}
        title="Re-send Invitations"
        text={INVITE_MESSAGES.confirmSend(ids.length)}
        busy={resend.isPending}
        onConfirm={() => void run('resend')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete Invitations"
        text={INVITE_MESSAGES.confirmDelete(ids.length)}
        busy={remove.isPending}
        onConfirm={() => void run('delete')}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
