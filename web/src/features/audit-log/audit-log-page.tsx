import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import { type GridColDef } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, describeUserAgent, listMetaOf, ZAuditListRequestSchema, type AuditAction, type AuditRow } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { withQuery } from '../../api/query-string.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { downloadFile } from '../../ui/download-file.ts';
import { ToolbarSearchField, ToolbarSelectFilter } from '../../ui/list-toolbar.tsx';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useAuditLog } from './api.ts';

const PAGE_DEFAULTS = { pageSize: 25 };
const AUDIT_LIST = listMetaOf(ZAuditListRequestSchema);
const SEARCH_DEBOUNCE_MS = 500;

/** The start of a calendar day (YYYY-MM-DD) in the user's zone, as an instant; '' for none. */
function dayStart(day: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  try {
    return dayjs.tz(day, timeZone).toISOString();
  } catch {
    return dayjs(day).toISOString();
  }
}
/** The calendar day (in the user's zone) of an instant, for the date fields. */
function dayOf(instant: string | undefined, timeZone: string, minusOneDay = false): string {
  if (!instant) return '';
  try {
    const d = dayjs(instant).tz(timeZone);
    return (minusOneDay ? d.subtract(1, 'day') : d).format('YYYY-MM-DD');
  } catch {
    return '';
  }
}

/** What changed, as one line: 'userType: User → Operator; isActive: true → false'. */
const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function describeDetails(details: AuditRow['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([k, v]) => {
      if (v && typeof v === 'object' && 'from' in v && 'to' in v) return `${k}: ${show(v.from)} → ${show(v.to)}`;
      return `${k}: ${show(v)}`;
    })
    .join('; ');
}

/**
 * The audit log (requirements §19.4): a customer's Administrator reads its organisation's, the space admin
 * every customer's; newest first, filtered by action, actor and dates, searched, exported as .xlsx.
 */
export function AuditLogPage({ timeZone, allCustomers }: { timeZone: string; allCustomers: boolean }) {
  const url = useListUrlState(ZAuditListRequestSchema, PAGE_DEFAULTS);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), SEARCH_DEBOUNCE_MS);
  const [actorText, setActorText] = useSearchBox(state.actor, (actor) => update({ actor }), SEARCH_DEBOUNCE_MS);
  const list = useAuditLog(state);
  const showSnackbar = useSnackbar();
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      const { page: _page, pageSize: _size, ...filter } = state;
      await downloadFile(withQuery('/audit-log/export', filter), 'AUDIT_LOG.xlsx');
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<GridColDef<AuditRow>[]>(
    () => [
      { field: 'at', headerName: 'When', sortable: false, ...dateTimeColumn(timeZone) },
      { field: 'action', headerName: 'Action', minWidth: 170, sortable: false, valueFormatter: (v: AuditAction) => AUDIT_ACTION_LABELS[v] },
      ...(allCustomers
        ? [{ field: 'organizationName', headerName: 'Organisation', minWidth: 170, sortable: false, valueFormatter: (v: string | null) => v ?? 'Provider-wide' } satisfies GridColDef<AuditRow>]
        : []),
      {
        field: 'actorEmail',
        headerName: 'Who',
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, r) => [r.actorName, r.actorEmail].filter(Boolean).join(' · ') || '—',
      },
      {
        field: 'ip',
        headerName: 'From',
        minWidth: 170,
        sortable: false,
        renderCell: (p) => (
          <Tooltip title={p.row.userAgent ?? ''}>
            <span>{[p.row.ip, p.row.userAgent ? describeUserAgent(p.row.userAgent) : null].filter(Boolean).join(' · ')}</span>
          </Tooltip>
        ),
      },
      { field: 'targetId', headerName: 'Target', minWidth: 120, sortable: false, valueGetter: (_v, r) => (r.targetType ? `${r.targetType} ${r.targetId ?? ''}`.trim() : '') },
      { field: 'details', headerName: 'What changed', flex: 1.4, minWidth: 220, sortable: false, valueGetter: (_v, r) => describeDetails(r.details) },
    ],
    [timeZone, allCustomers],
  );

  return (
    <ListScreen
      title="Audit Log"
      subtitle={allCustomers ? 'Sign-ins and changes of every organisation, newest first' : 'Sign-ins and changes in your organisation, newest first'}
      order={sortLabel('When', state.direction, 'date')}
      actions={
        <>
          <Button startIcon={<RefreshIcon />} onClick={() => void list.refetch()}>
            Refresh
          </Button>
          <Button startIcon={<FileDownloadIcon />} disabled={exporting} onClick={() => void runExport()}>
            Export
          </Button>
        </>
      }
      filters={
        <>
          <ToolbarSelectFilter label="Action" allLabel="All actions" values={AUDIT_ACTIONS} labelOf={(a) => AUDIT_ACTION_LABELS[a]} value={state.action} onChange={(action) => update({ action })} minWidth={200} />
          <ToolbarSearchField label="Who (e-mail)" value={actorText} onChange={(v) => setActorText(v)} />
          <TextField
            size="small"
            type="date"
            label="From"
            value={dayOf(state.from, timeZone)}
            onChange={(e) => update({ from: dayStart(e.target.value, timeZone) })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={dayOf(state.to, timeZone, true)}
            onChange={(e) => {
              const start = dayStart(e.target.value, timeZone);
              update({ to: start ? dayjs(start).add(1, 'day').toISOString() : undefined });
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <ToolbarSearchField label="Search" value={searchText} onChange={(v) => setSearchText(v)} />
        </>
      }
    >
      <ListGrid
        label="Audit log"
        list={list}
        isFiltered={!!(state.search || state.action || state.actor || state.from || state.to)}
        emptyText={LIST_TEXTS.empty}
        filteredEmptyText={LIST_TEXTS.filteredEmpty}
        url={url}
        meta={AUDIT_LIST}
        columns={columns}
        disableRowSelectionOnClick
      />
    </ListScreen>
  );
}
