import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Alert from '@mui/material/Alert';
import DeleteIcon from '@mui/icons-material/Delete';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, TICKET_FILTER_MESSAGES, ZTicketCriteriaSchema, type TicketCriteria, type TicketDepartment, type TicketFilter, type TicketType } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { searchTypeOf, useDeleteFilter, useSavedFilters, useSaveFilter } from './api.ts';
import { cleanCriteria, criteriaOf, type FilterFormValues } from './filter-form.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

interface SaveFilterDialogProps {
  open: boolean;
  kind: TicketType;
  formValues: FilterFormValues;
  departments: readonly TicketDepartment[];
  kept: Pick<TicketCriteria, 'isVip'>;
  onSaved: (filter: TicketFilter) => void;
  onClose: () => void;
}

/** Save filter (requirements §2.3): a non-empty Name and a Public checkbox; the dialog's current values are the criteria. */
export function SaveFilterDialog({ open, kind, formValues, departments, kept, onSaved, onClose }: SaveFilterDialogProps) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const save = useSaveFilter();
  const showSnackbar = useSnackbar();

  const close = () => {
    setName('');
    setIsPublic(false);
    save.reset();
    onClose();
  };
  const submit = () => {
    const parsed = ZTicketCriteriaSchema.safeParse(criteriaOf(formValues, departments, kept));
    if (!parsed.success) {
      showSnackbar(TICKET_FILTER_MESSAGES.saveFailed(parsed.error.issues[0]?.message ?? 'invalid criteria'), { severity: 'error' });
      return;
    }
    save.mutate(
      { searchType: searchTypeOf(kind), searchName: name.trim(), isPublic, criteria: cleanCriteria(parsed.data) },
      {
        onSuccess: (saved) => {
          showSnackbar(TICKET_FILTER_MESSAGES.saved, { severity: 'success' });
          close();
          onSaved(saved);
        },
        onError: (e) => showSnackbar(TICKET_FILTER_MESSAGES.saveFailed(messageOf(e)), { severity: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) submit();
        }}
      >
        <DialogTitle id={titleId}>Save filter</DialogTitle>
        <DialogContent>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required fullWidth autoFocus margin="dense" slotProps={{ htmlInput: { maxLength: 200 } }} />
          <FormControlLabel control={<Checkbox checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />} label="Public" />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <BusyButton type="submit" variant="contained" busy={save.isPending} disabled={!name.trim()}>
            Save
          </BusyButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

interface LoadFilterDialogProps {
  open: boolean;
  kind: TicketType;
  /** The user's time zone for the Updated column. */
  timeZone: string;
  onApply: (filter: TicketFilter) => void;
  onClose: () => void;
}

/** Load saved filter (requirements §2.1): the customer's public filters and the caller's own, one row picked, then Apply. */
export function LoadFilterDialog({ open, kind, timeZone, onApply, onClose }: LoadFilterDialogProps) {
  const titleId = useId();
  const type = searchTypeOf(kind);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<TicketFilter | null>(null);
  const list = useSavedFilters({ searchType: type, page, pageSize: DEFAULT_PAGE_SIZE }, open);
  const remove = useDeleteFilter(type);
  const showSnackbar = useSnackbar();
  const rows = list.data?.rows ?? [];
  // A delete asks first (issue 14, bug 7): a saved filter may be public and used by colleagues.
  const [deleting, setDeleting] = useState<TicketFilter | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    const row = deleting;
    remove.mutate(row.id, {
      onSuccess: () => {
        if (picked?.id === row.id) setPicked(null);
        setDeleting(null);
      },
      onError: (err) => {
        setDeleting(null);
        showSnackbar(isApiError(err) ? err.message : messageOf(err), { severity: 'error' });
      },
    });
  };

  const close = () => {
    setPicked(null);
    setPage(1);
    onClose();
  };

  const columns: GridColDef<TicketFilter>[] = [
    { field: 'searchName', headerName: 'Name', flex: 1, minWidth: 140, sortable: false },
    { field: 'ownerName', headerName: 'Owner', minWidth: 160, sortable: false },
    { field: 'isPublic', headerName: 'Public', width: 70, sortable: false, valueFormatter: (v: boolean) => (v ? 'Yes' : 'No') },
    { field: 'updatedDate', headerName: 'Updated', sortable: false, ...dateTimeColumn(timeZone) },
    {
      field: 'delete',
      headerName: 'Delete',
      width: 70,
      sortable: false,
      renderCell: ({ row }) =>
        row.isMine ? (
          <Tooltip title="Delete filter">
            <IconButton
              size="small"
              aria-label={`Delete filter ${row.searchName}`}
              disabled={remove.isPending}
              onClick={(e) => {
                e.stopPropagation();
                setDeleting(row);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Saved filters</DialogTitle>
      <DialogContent>
        {list.error ? (
          <Alert severity="error">{TICKET_FILTER_MESSAGES.queryFailed(list.error.message)}</Alert>
        ) : (
          <>
            <DataGrid
              aria-label="Saved filters"
              rows={rows}
              columns={columns}
              loading={list.isFetching}
              density="compact"
              autoHeight
              hideFooter
              disableColumnMenu
              paginationMode="server"
              rowCount={list.data?.total ?? 0}
              rowSelectionModel={{ type: 'include', ids: new Set(picked ? [picked.id] : []) }}
              onRowClick={({ row }) => setPicked(row as TicketFilter)}
              onRowDoubleClick={({ row }) => onApply(row as TicketFilter)}
              localeText={{ noRowsLabel: 'There are no items to display.' }}
              slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            />
            <PagingFooter page={page} pageSize={DEFAULT_PAGE_SIZE} count={rows.length} total={list.data?.total ?? 0} onPage={setPage} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!picked}
          onClick={() => {
            if (!picked) return;
            const filter = picked;
            close();
            onApply(filter);
          }}
        >
          Apply
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete filter?"
        text={deleting ? `The saved filter '${deleting.searchName}'${deleting.isPublic ? ', which others can use too,' : ''} will be deleted.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}
