import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EditIcon from '@mui/icons-material/Edit';
import { DataGrid, type GridCellParams, type GridColDef, type GridRowParams } from '@mui/x-data-grid';
import { HOME_GRID_ROW_HEIGHT, HOME_GRID_ROWS, isCustomerUser, showHomeGridEdit, type SignedInUser, type TicketType } from '@sc/common';
import { hrefs, ticketHref } from '../../config/hrefs.ts';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { ListError } from '../../ui/list/list-screen.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { useHomeGrid, type HomeGridRow, type HomeTicketScope } from './api.ts';

/**
 * The Edit button of a home-grid row. Requests: the home rule of requirements §2.3 (showHomeGridEdit). Incidents:
 * the incident rule of requirements §2.3 (canEdit), and never for a User (requirements §2.4: no edit action).
 */
function showsEdit(user: SignedInUser, row: HomeGridRow): boolean {
  if ('assignedStaffId' in row) return showHomeGridEdit(user, row);
  return !isCustomerUser(user) && row.canEdit;
}

interface HomeTicketGridProps {
  user: SignedInUser;
  type: TicketType;
  scope: HomeTicketScope;
  /** The grid's accessible name (the tab's label). */
  label: string;
}

/** requirements §2.1/§2.6: a short grid of 10 rows, 32 px high; double-click or Enter opens the ticket. */
export function HomeTicketGrid({ user, type, scope, label }: HomeTicketGridProps) {
  const navigate = useNavigate();
  const grid = useHomeGrid(type, scope);
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const viewPath = (id: number) => ticketHref(type, 'view', id);

  const columns = useMemo<GridColDef<HomeGridRow>[]>(
    () => [
      { field: 'ticketNo', headerName: 'Number', width: 108 },
      { field: 'status', headerName: 'Status', width: 112, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      { field: 'shortDescription', headerName: 'Short Description', flex: 1, minWidth: 140 },
      { field: 'openDate', headerName: 'Open Date', ...dateTimeColumn(user.timeZone) },
      { field: 'assignedToName', headerName: 'Assigned To', width: 170 },
      {
        field: 'edit',
        headerName: 'Edit',
        width: 60,
        renderCell: ({ row }) =>
          showsEdit(user, row) ? (
            <Tooltip title="Edit">
              <IconButton
                size="small"
                component={RouterLink}
                to={ticketHref(type, 'edit', row.id)}
                state={{ from: hrefs.home() }}
                aria-label={`Edit ${row.ticketNo}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    [type, user],
  );

  return (
    <>
      <ListError error={grid.error} onRetry={() => void grid.refetch()} />
      <DataGrid
        aria-label={label}
        rows={grid.data?.rows ?? []}
        columns={columns}
        loading={grid.isFetching && !grid.data}
        rowHeight={HOME_GRID_ROW_HEIGHT}
        columnHeaderHeight={40}
        autoHeight
        hideFooter
        disableColumnMenu
        disableColumnSorting
        disableRowSelectionOnClick
        pageSizeOptions={[HOME_GRID_ROWS]}
        // On a phone the number, subject and Edit fit; status, date and assignee are one tap away in the ticket.
        // A User never gets an Edit button here (requirements §2.4), so it gets no empty Edit column either.
        columnVisibilityModel={{ ...(narrow ? { status: false, openDate: false, assignedToName: false } : {}), ...(isCustomerUser(user) ? { edit: false } : {}) }}
        onRowDoubleClick={({ row }: GridRowParams<HomeGridRow>) => void navigate(viewPath(row.id))}
        onCellKeyDown={({ row, field }: GridCellParams<HomeGridRow>, e) => {
          if (e.key === 'Enter' && field !== 'edit') void navigate(viewPath(row.id));
        }}
        localeText={{ noRowsLabel: 'There are no items to display.' }}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        sx={{ border: 0 }}
      />
    </>
  );
}
