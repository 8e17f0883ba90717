import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewListIcon from '@mui/icons-material/ViewList';
import { TICKET_STATUS_FILTERS, type TicketStatusFilter, type TicketType } from '@sc/common';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';

/** requirements §2.3: '(All)' is '<ALL>'. */
const statusLabel = (s: TicketStatusFilter): string => (s === '<ALL>' ? 'All' : s);

export const SEARCH_PLACEHOLDER: Record<TicketType, string> = {
  Incident: 'SEARCH INCIDENT',
  ServiceRequest: 'SEARCH REQUEST',
};

interface TicketListToolbarProps {
  kind: TicketType;
  newPath: string;
  from: string;
  status: TicketStatusFilter;
  onStatus: (s: TicketStatusFilter) => void;
  /** null: the search box is hidden (User). */
  search: string | null;
  onSearch: (text: string) => void;
  isFilterActive: boolean;
  /** The applied saved filter's name, or a generic label for ad-hoc criteria. */
  filterLabel: string | null;
  onFilter: () => void;
  onClearFilter: () => void;
  /** assigned=me is on (a link from the home page's My Assigned tabs): shown as a removable chip. */
  isAssignedToMe?: boolean;
  onClearAssigned?: () => void;
  onExport: () => void;
  onRefresh: () => void;
  /** Request lists: the calendar view of the same list. */
  calendarHref?: string;
}

/** The list toolbar of requirements §2.1: New, status, Filter, Export to Excel, Refresh, search (and List / Calendar on request lists). */
export function TicketListToolbar(p: TicketListToolbarProps) {
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={p.newPath} state={{ from: p.from }}>
        New
      </Button>
      <TextField select size="small" label="Status" value={p.status} onChange={(e) => p.onStatus(e.target.value as TicketStatusFilter)} sx={{ width: 140 }}>
        {TICKET_STATUS_FILTERS.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        onClick={p.onFilter}
        aria-label={p.isFilterActive ? 'Filter (active)' : 'Filter'}
        startIcon={
          <Badge color="secondary" variant="dot" invisible={!p.isFilterActive}>
            <FilterListIcon />
          </Badge>
        }
      >
        Filter
      </Button>
      {p.isFilterActive && p.filterLabel && <Chip size="small" color="secondary" variant="outlined" label={p.filterLabel} onDelete={p.onClearFilter} />}
      {p.isAssignedToMe && <Chip size="small" color="secondary" variant="outlined" label="Assigned to me" onDelete={p.onClearAssigned} />}
      <Button startIcon={<FileDownloadIcon />} onClick={p.onExport}>
        Export to Excel
      </Button>
      <Button startIcon={<RefreshIcon />} onClick={p.onRefresh}>
        Refresh
      </Button>
      {p.calendarHref && (
        <ButtonGroup size="small" aria-label="View">
          <Button variant="contained" startIcon={<ViewListIcon />} aria-current="page">
            List
          </Button>
          <Button component={RouterLink} to={p.calendarHref} startIcon={<CalendarMonthIcon />}>
            Calendar
          </Button>
        </ButtonGroup>
      )}
      {p.search !== null && <ToolbarSearchField label={SEARCH_PLACEHOLDER[p.kind]} value={p.search} onChange={p.onSearch} />}
    </>
  );
}
