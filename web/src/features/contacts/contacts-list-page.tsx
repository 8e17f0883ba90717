import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataGrid, type GridCellParams, type GridColDef, type GridRowParams, type GridSortModel } from '@mui/x-data-grid';
import { CONTACT_MESSAGES, CONTACT_SEARCH_DEBOUNCE_MS, CONTACT_SORT_KEYS, CONTACTS_PAGE_SIZE, formatPhone, type ContactRow, type ContactSortKey } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { listQueryString, useContactList } from './api.ts';
import { ContactPreview } from './contact-preview.tsx';
import { ListLoadError, ToolbarSearchField } from '../../ui/list-toolbar.tsx';

const isSortKey = (v: string | null): v is ContactSortKey => !!v && (CONTACT_SORT_KEYS as readonly string[]).includes(v);

/** 001 §2.6: All Contacts, server-paged (20), sorted (default ContactID descending), with a preview pane. */
export function ContactsListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sort: ContactSortKey = isSortKey(sortParam) ? sortParam : 'id';
  const direction = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const query = { page, pageSize: CONTACTS_PAGE_SIZE, sort, direction, search: search || undefined } as const;
  const list = useContactList(query);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirmExport, setConfirmExport] = useState(false);
  const [exporting, setExporting] = useState(false);

  const update = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );

  // Searching resets to page 1 (001 §4).
  const urlSearch = params.get('q') ?? '';
  useEffect(() => {
    if (urlSearch !== search) update({ q: search || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced term resets the page
  }, [search]);

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
            <IconButton size="small" component={RouterLink} to={`/contacts/edit/${row.id}`} aria-label={`Edit ${row.firstName} ${row.lastName}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const sortModel: GridSortModel = sort === 'id' ? [] : [{ field: sort, sort: direction }];

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadFile(`/contacts/export?${listQueryString({ sort, direction, search: search || undefined })}`, 'CONTACTS_CMS.xlsx');
      setConfirmExport(false);
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="All Contacts"
        subtitle="Contacts"
        toolbar={
          <>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/contacts/add">
              New
            </Button>
            <Button startIcon={<FileDownloadIcon />} onClick={() => setConfirmExport(true)}>
              Export
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
              Refresh
            </Button>
            <ToolbarSearchField label="Search contacts" value={searchText} onChange={setSearchText} />
          </>
        }
      />
      <ListLoadError error={list.error} />
      <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'stretch' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <DataGrid
            aria-label="Contacts"
            rows={rows}
            columns={columns}
            loading={list.isFetching}
            density="compact"
            rowHeight={52}
            autoHeight
            hideFooter
            disableColumnMenu
            sortingMode="server"
            paginationMode="server"
            rowCount={list.data?.total ?? 0}
            sortModel={sortModel}
            onSortModelChange={(m) => {
              const first = m[0];
              update({ sort: first && isSortKey(first.field) ? first.field : null, dir: first?.sort ?? null, page: null });
            }}
            rowSelectionModel={{ type: 'include', ids: new Set(selectedId === null ? [] : [selectedId]) }}
            onRowClick={({ row }: GridRowParams<ContactRow>) => setSelectedId(row.id)}
            onRowDoubleClick={({ row }: GridRowParams<ContactRow>) => void navigate(`/contacts/view/${row.id}`)}
            onCellKeyDown={({ row }: GridCellParams<ContactRow>, e) => {
              if (e.key === 'Enter') void navigate(`/contacts/view/${row.id}`);
            }}
            localeText={{ noRowsLabel: search ? 'No items were found - please modify your search criteria' : 'There are no items to display.' }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          />
          <PagingFooter page={page} pageSize={CONTACTS_PAGE_SIZE} count={rows.length} total={list.data?.total ?? 0} onPage={(p) => update({ page: p > 1 ? String(p) : null })} />
        </Box>
        <ContactPreview contact={selected} />
      </Box>
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
