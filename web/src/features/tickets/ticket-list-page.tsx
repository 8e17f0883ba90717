import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { GridPreferencePanelsValue, useGridApiRef, type GridCellParams, type GridRowParams } from '@mui/x-data-grid';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  canSearchTicketLists,
  hasTicketCriteria,
  listMetaOf,
  PAGE_SIZES,
  TICKET_SEARCH_DEBOUNCE_MS,
  ZTicketListRequestSchema,
  type SignedInUser,
  type TicketSortKey,
  type TicketStatusFilter,
  type TicketType,
} from '@sc/common';
import { newTicketHref, ticketHref } from '../../config/hrefs.ts';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useColumnVisibility } from './use-column-visibility.ts';
import { listStorageId, searchTypeOf, useSavedFilter, useTicketList, useTicketLookups } from './api.ts';
import { summarizeCriteria } from './criteria-summary.ts';
import { LastActionPopover } from './last-action-popover.tsx';
import { calendarHref } from './calendar-params.ts';
import { cleanCriteria, NO_CRITERIA, SAVED_PARAM, savedFilterIdOf } from './filter-form.ts';
import { canEditRow, fieldOfSortKey, SORT_KEY_OF_FIELD, ticketColumns, type TicketRow } from './ticket-columns.tsx';
import { TicketExport } from './ticket-export.tsx';
import { TicketFilterDialog, type FilterApply } from './ticket-filter-dialog.tsx';
import { TicketListToolbar } from './ticket-list-toolbar.tsx';
import { PreviewResizeHandle, TicketPreview, usePreviewWidth } from './ticket-preview.tsx';
import { ticketListRequestOf } from './list-prefetch.ts';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';

export interface TicketListPageProps {
  kind: TicketType;
  /** /myincidents, /myrequests: only the caller's own contact's tickets. */
  mine: boolean;
  title: string;
  user: SignedInUser;
}

const TICKET_LIST = listMetaOf(ZTicketListRequestSchema);
/** The grid's columns whose field is not their sort key's name (priority sorts the priorityName column…). */
const SORT_FIELDS = Object.fromEntries(Object.entries(SORT_KEY_OF_FIELD).map(([field, key]) => [key, field])) as Partial<Record<TicketSortKey, string>>;

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 40;
/** Columns that hold their own control: Enter there activates it, not the row. */
const CONTROL_FIELDS = new Set(['edit', 'lastAction', 'targetName']);

/** The ticket list screens of requirements §2.1: /incidents, /requests, /myincidents/, /myrequests/. */
export function TicketListPage({ kind, mine, title, user }: TicketListPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const defaultPageSize = usePreferredPageSize();
  const urlDefaults = useMemo(() => ({ pageSize: defaultPageSize }), [defaultPageSize]);
  // The one URL-state hook (docs/conventions.md 'Lists'): the URL is the API request, parsed by its schema,
  // plus the web-only `saved` (the applied saved filter); a new search, status or filter starts again at page 1.
  const url = useListUrlState(ZTicketListRequestSchema, urlDefaults);
  const { state, update, params } = url;
  const savedFilterId = savedFilterIdOf(params);
  const criteria = cleanCriteria(state);
  const canSearch = canSearchTicketLists(user);
  const from = location.pathname + location.search;
  const listId = listStorageId(kind, mine);

  // requirements §2.6: the search waits 800 ms after typing stops; a new term starts at page 1 (requirements §2.3).
  // Each settled term replaces the history entry, so Back leaves the list rather than stepping through terms.
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => {
    if (canSearch) update({ search: search || undefined }, { replace: true });
  }, TICKET_SEARCH_DEBOUNCE_MS);

  // The same request the route's prefetch starts with the navigation (list-prefetch.ts): one key.
  const request = ticketListRequestOf(useQueryClient(), kind, mine, state, user);
  const list = useTicketList(kind, request);
  const saved = useSavedFilter(searchTypeOf(kind), savedFilterId);
  // Names for the filter chip (issue 14, bug 7); the filter dialog reads the same cached lookups.
  const lookups = useTicketLookups(hasTicketCriteria(criteria));
  const rows: TicketRow[] = list.data?.rows ?? [];

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const [previewWidth, setPreviewWidth] = usePreviewWidth(listId);
  const [filterOpen, setFilterOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [lastAction, setLastAction] = useState<{ row: TicketRow; anchor: HTMLElement } | null>(null);
  const closeLastAction = useCallback(() => setLastAction(null), []);

  const columns = useMemo(
    () => ticketColumns({ kind, user, from, onLastAction: (row, anchor) => setLastAction({ row, anchor }) }),
    [kind, user, from],
  );
  const gridApi = useGridApiRef();
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(user.ccWebUserId, listId);
  const sortField = fieldOfSortKey(state.sort);
  const sortColumn = columns.find((c) => c.field === sortField);
  // The order is stated above the grid (requirements §2.9); the default is the newest first.
  const orderLabel = sortColumn ? sortLabel(String(sortColumn.headerName), state.direction, /Date|Start|End/.test(sortField ?? '') ? 'date' : 'text') : 'Sorted by number, newest first';
  const isAssignedToMe = state.assigned === 'me';
  const isFilterActive = hasTicketCriteria(criteria) || savedFilterId !== null;
  const isFiltered = isFilterActive || isAssignedToMe || (canSearch && !!state.search);
  const open = (row: TicketRow) => void navigate(ticketHref(kind, 'view', row.id));
  const newPath = newTicketHref(kind);

  // Grid height follows the rows up to the viewport, so the header stays in view (sticky) while rows scroll.
  const gridHeight = `min(${HEADER_HEIGHT + rows.length * ROW_HEIGHT + 2}px, max(360px, calc(100vh - 300px)))`;

  return (
    <>
      <ListScreen
        title={title}
        order={orderLabel}
        orderActions={
          // The grid (and its column panel) is there once rows are.
          <Button size="small" startIcon={<ViewColumnIcon />} disabled={rows.length === 0} onClick={() => gridApi.current?.showPreferences(GridPreferencePanelsValue.columns)}>
            Columns
          </Button>
        }
        actions={
          <TicketListToolbar
            kind={kind}
            newPath={newPath}
            from={from}
            status={state.status}
            onStatus={(status: TicketStatusFilter) => update({ status })}
            search={canSearch ? searchText : null}
            onSearch={setSearchText}
            isFilterActive={isFilterActive}
            // A deleted or no longer visible saved filter still shows as a filter the user can remove.
            filterLabel={savedFilterId ? (saved.data ? `Saved filter: ${saved.data.searchName}` : saved.isError ? 'Saved filter' : 'Saved filter: …') : `Filtered: ${summarizeCriteria(criteria, lookups.data)}`}
            onFilter={() => setFilterOpen(true)}
            onClearFilter={() => update(NO_CRITERIA, { keep: { [SAVED_PARAM]: null } })}
            isAssignedToMe={isAssignedToMe}
            onClearAssigned={() => update({ assigned: undefined })}
            onExport={() => setExportOpen(true)}
            onRefresh={() => void list.refetch()}
            calendarHref={kind === 'ServiceRequest' ? calendarHref(mine, params) : undefined}
          />
        }
      >
        <Box sx={{ display: 'flex', gap: { xs: 2, md: 0.5 }, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'stretch' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ListGrid
              label={title}
              list={list}
              isFiltered={isFiltered}
              emptyText={LIST_TEXTS.empty}
              filteredEmptyText={LIST_TEXTS.filteredEmpty}
              emptyAction={
                <Link component={RouterLink} to={newPath} state={{ from }}>
                  {LIST_TEXTS.addNew}
                </Link>
              }
              skeletonRows={Math.min(state.pageSize, 6)}
              url={url}
              meta={TICKET_LIST}
              sortFields={SORT_FIELDS}
              pageSizeOptions={PAGE_SIZES}
              height={gridHeight}
              columns={columns}
              // requirements §2.6: rows 52 px high; compact density would scale rowHeight down to 36, an explicit height is kept as is.
              getRowHeight={() => ROW_HEIGHT}
              columnHeaderHeight={HEADER_HEIGHT}
              // At most 50 rows of 13 columns: rendering them all keeps every cell reachable (screen readers, find-in-page).
              disableVirtualization
              apiRef={gridApi}
              columnVisibilityModel={columnVisibility}
              onColumnVisibilityModelChange={setColumnVisibility}
              rowSelectionModel={{ type: 'include', ids: new Set(selectedId === null ? [] : [selectedId]) }}
              onRowClick={({ row }: GridRowParams<TicketRow>) => setSelectedId(row.id)}
              onRowDoubleClick={({ row }: GridRowParams<TicketRow>) => open(row)}
              onCellKeyDown={({ row, field }: GridCellParams<TicketRow>, e) => {
                if (e.key === 'Enter' && !CONTROL_FIELDS.has(field)) open(row);
                else if (e.key === ' ' && !CONTROL_FIELDS.has(field)) setSelectedId(row.id);
              }}
            />
          </Box>
          {/* The pane opens with a selected row, so the grid keeps the whole width for its columns until then. */}
          {selected && (
            <>
              <PreviewResizeHandle width={previewWidth} onWidth={setPreviewWidth} />
              <TicketPreview
                kind={kind}
                row={selected}
                width={previewWidth}
                timeZone={user.timeZone}
                canEdit={canEditRow(kind, user, selected)}
                from={from}
                onClose={() => setSelectedId(null)}
              />
            </>
          )}
        </Box>
      </ListScreen>
      <TicketFilterDialog
        open={filterOpen}
        kind={kind}
        user={user}
        criteria={criteria}
        savedFilterId={savedFilterId}
        // Applied criteria replace the previous ones whole; the saved filter's id is kept beside them, or dropped.
        onApply={(next: FilterApply) => update({ ...NO_CRITERIA, ...cleanCriteria(next.criteria) }, { keep: { [SAVED_PARAM]: next.savedFilterId } })}
        onClose={() => setFilterOpen(false)}
      />
      <TicketExport open={exportOpen} kind={kind} request={request} onClose={() => setExportOpen(false)} />
      <LastActionPopover ticket={lastAction?.row ?? null} anchor={lastAction?.anchor ?? null} timeZone={user.timeZone} onClose={closeLastAction} />
    </>
  );
}
