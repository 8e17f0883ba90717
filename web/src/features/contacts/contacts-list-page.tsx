import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import { type GridCellParams, type GridColDef, type GridRowParams } from '@mui/x-data-grid';
import { CONTACT_MESSAGES, CONTACT_SEARCH_DEBOUNCE_MS, formatPhone, listMetaOf, ZContactListRequestSchema, type ContactRow, type ContactSortKey } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { withQuery } from '../../api/query-string.ts';
import { hrefs } from '../../config/hrefs.ts';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useContactList } from './api.ts';
import { ContactPreview } from './contact-preview.tsx';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';

/** The header of each sortable column, for the stated order. */
const SORT_LABELS: Record<ContactSortKey, string> = {
  id: 'date added',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  directPhone: 'Phone',
  mobilePhone: 'Mobile',
  title: 'Title',
};

const CONTACT_LIST = listMetaOf(ZContactListRequestSchema);

/** requirements §8.1: All Contacts, server-paged (20), sorted (default ContactID descending), with a preview pane. */
export function ContactsListPage() {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  // Page, order and search live in the URL with the API's names (Back, reload and links restore them).
  const url = useListUrlState(ZContactListRequestSchema);
  const { state, update } = url;
  const { sort, direction } = state;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), CONTACT_SEARCH_DEBOUNCE_MS);
  const search = state.search ?? '';
  const list = useContactList(state);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmExport, setConfirmExport] = useState(false);
  const [exporting, setExporting] = useState(false);

  const rows = list.data?.rows ?? [];
  const selected = rows.find((r) => r.id === selectedId) ?? null;

  const columns = useMemo<GridColDef<ContactRow>[]>(
    () => [
      { field: 'firstName', headerName: 'First Name', flex: 1, minWidth: 110 },
      { field: 'lastName', headerName: 'Last Name', flex: 1, minWidth: 110 },
      { field: 'email', headerName: 'Email', flex: 1.6, minWidth: 180 },
      { field: 'directPhone', headerName: 'Phone', minWidth: 130, valueFormatter: (v: string | null) => formatPhone(v) },
      { field: 'mobilePhone', headerName: 'Mobile', minWidth: 130, valueFormatter: (v: string | null) => formatPhone(v) },
      { field: 'title', headerName: 'Title', flex: 1, minWidth: 120 },
      {
        field: 'edit',
        headerName: 'Edit',
        sortable: false,
        width: 70,
        renderCell: ({ row }) => (
          <Tooltip title="Edit contact">
            <IconButton size="small" component={RouterLink} to={hrefs.contactEdit({ id: row.id })} aria-label={`Edit ${row.firstName} ${row.lastName}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadFile(withQuery('/contacts/export', { sort, direction, search, isPending: state.isPending, includeInactive: state.includeInactive }), 'CONTACTS_CMS.xlsx');
      setConfirmExport(false);
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListScreen
        title="All Contacts"
        subtitle="Contacts"
        order={sort === 'id' ? sortLabel('date added', direction, 'date') : sortLabel(SORT_LABELS[sort], direction)}
        actions={
          <>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={hrefs.contactAdd()}>
              New
            </Button>
            <Button startIcon={<FileDownloadIcon />} onClick={() => setConfirmExport(true)}>
              Export
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
          </>
        }
        filters={<ToolbarSearchField label="Search contacts" value={searchText} onChange={setSearchText} />}
      >
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'stretch' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ListGrid
              label="Contacts"
              list={list}
              isFiltered={!!search}
              emptyText={LIST_TEXTS.empty}
              filteredEmptyText={LIST_TEXTS.filteredEmpty}
              url={url}
              meta={CONTACT_LIST}
              columns={columns}
              rowSelectionModel={{ type: 'include', ids: new Set(selectedId === null ? [] : [selectedId]) }}
              onRowClick={({ row }: GridRowParams<ContactRow>) => setSelectedId(row.id)}
              onRowDoubleClick={({ row }: GridRowParams<ContactRow>) => void navigate(hrefs.contactView({ id: row.id }))}
              onCellKeyDown={({ row }: GridCellParams<ContactRow>, e) => {
                if (e.key === 'Enter') void navigate(hrefs.contactView({ id: row.id }));
              }}
            />
          </Box>
          <ContactPreview contact={selected} />
        </Box>
      </ListScreen>
      <ConfirmDialog
        open={confirmExport}
        title={CONTACT_MESSAGES.exportTitle}
        text="Only the first 2000 records, as sorted and filtered, are exported. It can take a moment."
        confirmLabel="Export"
        busy={exporting}
        onConfirm={() => void runExport()}
        onCancel={() => setConfirmExport(false)}
      />
    </>
  );
}
