import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import { DataGrid, GridPreferencePanelsValue, useGridApiRef, type GridCellParams, type GridRowParams, type GridSortModel } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { sortLabel } from '../../ui/list/list-screen.tsx';
import { useColumnVisibility } from './use-column-visibility.ts';
import { canSearchTicketLists, PAGE_SIZES, TICKET_SEARCH_DEBOUNCE_MS, type SignedInUser, type TicketStatusFilter } from '@sc/common';
import { ListLoadError } from '../../ui/list-toolbar.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { searchTypeOf, useSavedFilter, useTicketList, useTicketLookups, type TicketListKind } from './api.ts';
import { summarizeCriteria } from './criteria-summary.ts';
import { LastActionPopover } from './last-action-popover.tsx';
import { TicketLoadingOverlay, TicketNoRowsOverlay } from './list-overlays.tsx';
import { calendarHref, listRequestOf, readListState, writeListState, type TicketListState } from './list-state.ts';
import { canEditRow, fieldOfSortKey, rowPath, SORT_KEY_OF_FIELD, ticketColumns, type TicketRow } from './ticket-columns.tsx';
import { TicketExport } from './ticket-export.tsx';
import { TicketFilterDialog, type FilterApply } from './ticket-filter-dialog.tsx';
import { TicketListToolbar } from './ticket-list-toolbar.tsx';
import { PreviewResizeHandle, TicketPreview, usePreviewWidth } from './ticket-preview.tsx';
import { usePagedRequest } from './use-cursor-paging.ts';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';

export interface TicketListPageProps {
  kind: TicketListKind;
  /** /myincidents, /myrequests: only the caller's own contact's tickets. */
  mine: boolean;
  title: string;
  user: SignedInUser;
}

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 40;
/** Columns that hold their own control: Enter there activates it, not the row. */
const CONTROL_FIELDS = new Set(['edit', 'lastAction', 'targetName']);

/** The ticket list screens of requirements §2.1: /incidents, /requests, /myincidents/, /myrequests/. */
export function TicketListPage({ kind, mine, title, user }: TicketListPageProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const defaultPageSize = usePreferredPageSize();
  const state = readListState(params, defaultPageSize);
  const canSearch = canSearchTicketLists(user);
  const from = location.pathname + location.search;
  const listId = `${kind}${mine ? '-mine' : ''}`;

  const update = useCallback(
    (patch: Partial<TicketListState>, replace = false) =>
      setParams((p) => writeListState({ ...readListState(p, defaultPageSize), ...patch }, defaultPageSize), { replace }),
    [setParams, defaultPageSize],
  );

  // requirements §2.6: the search waits 800 ms after typing stops; a new term starts at page 1 (requirements §2.3).
  const [searchText, setSearchText] = useState(state.search);
  const search = useDebouncedValue(searchText.trim(), TICKET_SEARCH_DEBOUNCE_MS);
  // Back/Forward to another search: the box shows the URL's term again.
  const [seenUrlSearch, setSeenUrlSearch] = useState(state.search);
  if (state.search !== seenUrlSearch) {
    setSeenUrlSearch(state.search);
    if (state.search !== search) setSearchText(state.search);
  }
  useEffect(() => {
    if (canSearch && search !== readListState(params, defaultPageSize).search) update({ search, page: 1 }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced term updates the URL
  }, [search]);

  const request = usePagedRequest(kind, listRequestOf(state, mine, canSearch));
  const list = useTicketList(kind, request);
  const saved = useSavedFilter(searchTypeOf(kind), state.savedFilterId);
  // Names for the filter chip (issue 14, bug 7); the filter dialog reads the same cached lookups.
  const lookups = useTicketLookups(Object.keys(state.criteria).length > 0);
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
  const sortModel: GridSortModel = sortField ? [{ field: sortField, sort: state.direction }] : [];
  const isFilterActive = Object.keys(state.criteria).length > 0 || state.savedFilterId !== null;
  const isFiltered = isFilterActive || state.assignedToMe || (canSearch && state.search !== '');
  const open = (row: TicketRow) => void navigate(rowPath(kind, 'view', row.id));
  const newPath = kind === 'incident' ? '/incident/add' : '/servicerequest/add';

  // Grid height follows the rows up to the viewport, so the header stays in view (sticky) while rows scroll.
  const shownRows = Math.max(rows.length, 3);
  const gridHeight = `min(${HEADER_HEIGHT + shownRows * ROW_HEIGHT + 2}px, max(360px, calc(100vh - 300px)))`;

  return (
    <>
      <PageHeader
        title={title}
        toolbar={
          <TicketListToolbar
            kind={kind}
            newPath={newPath}
            from={from}
            status={state.status}
            onStatus={(status: TicketStatusFilter) => update({ status, page: 1 })}
            search={canSearch ? searchText : null}
            onSearch={setSearchText}
            isFilterActive={isFilterActive}
            // A deleted or no longer visible saved filter still shows as a filter the user can remove.
            filterLabel={state.savedFilterId ? (saved.data ? `Saved filter: ${saved.data.searchName}` : saved.isError ? 'Saved filter' : 'Saved filter: …') : `Filtered: ${summarizeCriteria(state.criteria, lookups.data)}`}
            onFilter={() => setFilterOpen(true)}
            onClearFilter={() => update({ criteria: {}, savedFilterId: null, page: 1 })}
            isAssignedToMe={state.assignedToMe}
            onClearAssigned={() => update({ assignedToMe: false, page: 1 })}
            onExport={() => setExportOpen(true)}
            onRefresh={() => void list.refetch()}
            calendarHref={kind === 'request' ? calendarHref(location.pathname, params) : undefined}
          />
        }
      />
      <ListLoadError error={list.error} />
      <Box sx={{ display: 'flex', gap: { xs: 2, md: 0.5 }, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'stretch' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 0.5, gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid="list-order">
              {orderLabel}
            </Typography>
            <Button size="small" startIcon={<ViewColumnIcon />} onClick={() => gridApi.current?.showPreferences(GridPreferencePanelsValue.columns)}>
              Columns
            </Button>
          </Box>
          <Box sx={{ height: gridHeight }}>
            <DataGrid
              aria-label={title}
              rows={rows}
              columns={columns}
              loading={list.isFetching}
              density="compact"
              // requirements §2.6: rows 52 px high; compact density would scale rowHeight down to 36, an explicit height is kept as is.
              getRowHeight={() => ROW_HEIGHT}
              columnHeaderHeight={HEADER_HEIGHT}
              hideFooter
              disableColumnMenu
              // At most 50 rows of 13 columns: rendering them all keeps every cell reachable (screen readers, find-in-page).
              disableVirtualization
              apiRef={gridApi}
              columnVisibilityModel={columnVisibility}
              onColumnVisibilityModelChange={setColumnVisibility}
              sortingMode="server"
              paginationMode="server"
              rowCount={rows.length}
              sortingOrder={['asc', 'desc']}
              sortModel={sortModel}
              onSortModelChange={(m) => {
                const first = m[0];
                const key = first ? SORT_KEY_OF_FIELD[first.field] : undefined;
                update({ sort: key ?? 'id', direction: key ? (first?.sort ?? 'asc') : 'desc', page: 1 });
              }}
              rowSelectionModel={{ type: 'include', ids: new Set(selectedId === null ? [] : [selectedId]) }}
              onRowClick={({ row }: GridRowParams<TicketRow>) => setSelectedId(row.id)}
              onRowDoubleClick={({ row }: GridRowParams<TicketRow>) => open(row)}
              onCellKeyDown={({ row, field }: GridCellParams<TicketRow>, e) => {
                if (e.key === 'Enter' && !CONTROL_FIELDS.has(field)) open(row);
                else if (e.key === ' ' && !CONTROL_FIELDS.has(field)) setSelectedId(row.id);
              }}
              slots={{ noRowsOverlay: TicketNoRowsOverlay, loadingOverlay: TicketLoadingOverlay }}
              slotProps={{
                noRowsOverlay: { isFiltered, isError: !!list.error, addPath: newPath, from },
                loadingOverlay: { hasRows: rows.length > 0, rowCount: state.pageSize },
              }}
            />
          </Box>
          <PagingFooter
            page={state.page}
            pageSize={state.pageSize}
            count={rows.length}
            total={list.data?.total ?? 0}
            hasNextPage={list.data?.hasNextPage ?? false}
            totalIsEstimate={list.data?.totalIsEstimate ?? false}
            onPage={(page) => update({ page })}
            pageSizeOptions={PAGE_SIZES}
            onPageSize={(pageSize) => update({ pageSize, page: 1 })}
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
      <TicketFilterDialog
        open={filterOpen}
        kind={kind}
        user={user}
        criteria={state.criteria}
        savedFilterId={state.savedFilterId}
        onApply={({ criteria, savedFilterId }: FilterApply) => update({ criteria, savedFilterId, page: 1 })}
        onClose={() => setFilterOpen(false)}
      />
      <TicketExport open={exportOpen} kind={kind} request={request} onClose={() => setExportOpen(false)} />
      <LastActionPopover ticket={lastAction?.row ?? null} anchor={lastAction?.anchor ?? null} timeZone={user.timeZone} onClose={closeLastAction} />
    </>
  );
}
