import { hrefs, ticketHref } from '../../config/hrefs.ts';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import type { GridColDef } from '@mui/x-data-grid';
import {
  canEditIncidentRow,
  canEditRequestRowInList,
  canLinkTicketTarget,
  type IncidentRow,
  type ServiceRequestRow,
  type SignedInUser,
  type TicketSortKey,
  type TicketType,
} from '@sc/common';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { StatusChip, VipMark } from '../../ui/status-chip.tsx';

export type TicketRow = IncidentRow & Partial<Pick<ServiceRequestRow, 'description' | 'requestedStartDate' | 'requestedEndDate'>>;

/** Grid column field → the server's sort key (requirements §2.1: every shown column sorts on the server). */
export const SORT_KEY_OF_FIELD: Record<string, TicketSortKey> = {
  ticketNo: 'ticketNo',
  status: 'status',
  assignedToName: 'assignedToName',
  shortDescription: 'shortDescription',
  priorityName: 'priority',
  severityName: 'severity',
  openDate: 'openDate',
  className: 'class',
  subclassName: 'subclass',
  targetName: 'targetName',
  requestedStartDate: 'requestedStartDate',
  requestedEndDate: 'requestedEndDate',
};
export const fieldOfSortKey = (key: TicketSortKey): string | undefined => Object.entries(SORT_KEY_OF_FIELD).find(([, k]) => k === key)?.[0];

/** requirements §2.3/§2.3: who sees Edit on a row of this list. */
export const canEditRow = (kind: TicketType, user: Pick<SignedInUser, 'userType'>, row: { canEdit: boolean }): boolean =>
  kind === 'Incident' ? canEditIncidentRow(row) : canEditRequestRowInList(user, row);

interface ColumnOptions {
  kind: TicketType;
  user: Pick<SignedInUser, 'userType' | 'timeZone'>;
  /** The list's path and query: the edit screen returns there (navigation state `from`). */
  from: string;
  onLastAction: (row: TicketRow, anchor: HTMLElement) => void;
}

const dateColumn = (field: keyof TicketRow, headerName: string, timeZone: string): GridColDef<TicketRow> => ({ field, headerName, ...dateTimeColumn<TicketRow>(timeZone) });

/** The incident grid's and the request grid's columns (requirements §2.1, §2.2 'Incident row', 'Service request record'). */
export function ticketColumns({ kind, user, from, onLastAction }: ColumnOptions): GridColDef<TicketRow>[] {
  const isIncident = kind === 'Incident';
  const noun = isIncident ? 'incident' : 'service request';
  const head: GridColDef<TicketRow>[] = [
    {
      field: 'ticketNo',
      headerName: isIncident ? 'Incident #' : 'Request #',
      minWidth: 110,
      hideable: false,
      // The number is a link that opens the ticket (double-click and Enter on the row still do).
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={ticketHref(kind, 'view', row.id)} state={{ from }} onClick={(e: MouseEvent) => e.stopPropagation()}>
          {row.ticketNo}
        </Link>
      ),
    },
    { field: 'status', headerName: 'Status', minWidth: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    { field: 'assignedToName', headerName: 'Assigned To', minWidth: 140 },
    { field: 'shortDescription', headerName: 'Short Description', flex: 1, minWidth: 260, hideable: false },
  ];
  const middle: GridColDef<TicketRow>[] = isIncident
    ? [
        { field: 'priorityName', headerName: 'Priority', minWidth: 110 },
        { field: 'severityName', headerName: 'Severity', minWidth: 160 },
        dateColumn('openDate', 'Open Date', user.timeZone),
        { field: 'className', headerName: 'Class', minWidth: 120 },
        { field: 'subclassName', headerName: 'Subclass', minWidth: 120 },
      ]
    : [dateColumn('openDate', 'Open Date', user.timeZone), dateColumn('requestedStartDate', 'Requested Start', user.timeZone), dateColumn('requestedEndDate', 'Requested End', user.timeZone)];
  const tail: GridColDef<TicketRow>[] = [
    {
      field: 'targetName',
      headerName: 'Target',
      minWidth: 140,
      renderCell: ({ row }) =>
        row.targetName && canLinkTicketTarget(user, row) ? (
          <Link component={RouterLink} to={hrefs.contactView({ id: row.targetContactId ?? 0 })} onClick={(e: MouseEvent) => e.stopPropagation()}>
            {row.targetName}
          </Link>
        ) : (
          row.targetName
        ),
    },
    { field: 'isVip', headerName: 'VIP', width: 60, sortable: false, align: 'center', headerAlign: 'center', renderCell: ({ row }) => (row.isVip ? <VipMark /> : null) },
  ];
  if (isIncident) {
    tail.push({
      field: 'lastAction',
      headerName: 'Last Action',
      width: 100,
      sortable: false,
      align: 'center',
      headerAlign: 'center',
      renderCell: ({ row }) => (
        <Tooltip title="Last Action Taken">
          <IconButton
            size="small"
            aria-label={`Last Action Taken for ${row.ticketNo}`}
            onClick={(e) => {
              e.stopPropagation();
              onLastAction(row, e.currentTarget);
            }}
          >
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  }
  tail.push({
    field: 'edit',
    hideable: false,
    headerName: 'Edit',
    width: 64,
    sortable: false,
    align: 'center',
    headerAlign: 'center',
    renderCell: ({ row }) =>
      canEditRow(kind, user, row) ? (
        <Tooltip title={`Edit ${noun}`}>
          <IconButton size="small" component={RouterLink} to={ticketHref(kind, 'edit', row.id)} state={{ from }} aria-label={`Edit ${row.ticketNo}`}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null,
  });
  return [...head, ...middle, ...tail];
}
