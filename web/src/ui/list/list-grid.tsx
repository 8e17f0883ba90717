import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { DataGrid, type DataGridProps, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import type { ListMeta, SortDirection } from '@sc/common';
import { PagingFooter } from '../paging-footer.tsx';
import { DATA_GRID_DEFAULTS, ListStatus } from './list-screen.tsx';

// The table of a list screen (docs/conventions.md 'Lists', requirements §2.9), the same look as the devices list: one
// outlined panel holding the one status display (ListStatus: skeleton, error with Retry, empty,
// filtered-empty), the DataGrid with DATA_GRID_DEFAULTS while there are rows, and the one pager. The grid
// pages and sorts through the list's URL state, so no screen maps a sort model by hand.

/** What the grid needs of a list query (a React Query result of a `pageOf` response). */
export interface ListGridQuery<R> {
  data?: { rows: R[]; total: number; hasNextPage: boolean; totalIsEstimate?: boolean } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What the grid reads and changes of a list's state: useListUrlState's `{ state, update }` (or a dialog's
 * own state of the same request).
 */
export interface ListGridUrl<K extends string> {
  state: { page: number; pageSize: number; sort: K; direction: SortDirection };
  update: (patch: { page?: number; pageSize?: number; sort?: K; direction?: SortDirection }) => void;
}

export type ListGridProps<R extends GridValidRowModel, K extends string> = Omit<
  DataGridProps<R>,
  'rows' | 'rowCount' | 'loading' | 'aria-label' | 'sortModel' | 'onSortModelChange' | 'pageSizeOptions'
> & {
  /** The grid's accessible name, e.g. 'Contacts'. */
  label: string;
  list: ListGridQuery<R>;
  /** The list's state: the page and the order shown, changed by the pager and a column header's click. */
  url: ListGridUrl<K>;
  /** The list's definition (`listMetaOf(schema)`): its sort keys and default order. */
  meta: ListMeta<K>;
  /** The column of a sort key whose field has another name (the ticket grid: 'priority' sorts 'priorityName'). */
  sortFields?: Partial<Record<K, string>>;
  /** A search or filter is applied: an empty answer says so. */
  isFiltered: boolean;
  emptyText: string;
  filteredEmptyText?: string;
  /** Under the empty text, e.g. the spec's 'Add new item' link (not when a search or filter is applied). */
  emptyAction?: ReactNode;
  /** The pager offers these page sizes ('Rows per page'); a new size starts again at page 1. */
  pageSizeOptions?: readonly number[];
  /**
   * A fixed height (CSS) for the grid, whose header then stays in view while its rows scroll; without it the
   * grid is as tall as its rows (autoHeight).
   */
  height?: string;
  /** How many placeholder lines while the first page loads (default 5). */
  skeletonRows?: number;
  /** Under the rows, above the pager (e.g. a list's totals). */
  footer?: ReactNode;
};

/**
 * The grid's sort model of a list's order: the arrow on the sorted column, none when the order is not a
 * sortable column's (the ticket and contact lists' default order by id).
 */
export function sortModelOf<K extends string>(
  state: ListGridUrl<K>['state'],
  columns: readonly { field: string; sortable?: boolean }[],
  sortFields: Partial<Record<K, string>> = {},
): GridSortModel {
  const field = sortFields[state.sort] ?? state.sort;
  return columns.some((c) => c.field === field && c.sortable !== false) ? [{ field, sort: state.direction }] : [];
}

/**
 * The state change of a click on a column header: that column's key and direction, or the list's default
 * order when the column sorts by no key of the list. A new order starts again at page 1.
 */
export function sortPatchOf<K extends string>(model: GridSortModel, meta: ListMeta<K>, sortFields: Partial<Record<K, string>> = {}) {
  const first = model[0];
  const key = first && meta.sorts.find((k) => (sortFields[k] ?? k) === first.field);
  return key ? { sort: key, direction: first.sort ?? 'asc', page: 1 } : { sort: meta.defaultSort, direction: meta.defaultDirection, page: 1 };
}

/** A server-paged DataGrid with its status and pager, in one panel. */
export function ListGrid<R extends GridValidRowModel, K extends string>({
  label,
  list,
  url,
  meta,
  sortFields,
  isFiltered,
  emptyText,
  filteredEmptyText,
  emptyAction,
  pageSizeOptions,
  height,
  skeletonRows = 5,
  footer,
  columns,
  ...grid
}: ListGridProps<R, K>) {
  const { state, update } = url;
  const rows = list.data?.rows ?? [];
  const dataGrid = rows.length > 0 && (
    <DataGrid<R>
      aria-label={label}
      {...DATA_GRID_DEFAULTS}
      rowHeight={52}
      autoHeight={height === undefined}
      rows={rows}
      rowCount={list.data?.total ?? 0}
      // The first page loads as skeleton lines (ListStatus); a next page or search keeps the rows under a progress bar.
      loading={list.isFetching}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      // The panel draws the border.
      sx={{ border: 0, borderRadius: 0 }}
      columns={columns}
      sortModel={sortModelOf(state, columns, sortFields)}
      onSortModelChange={(model) => update(sortPatchOf(model, meta, sortFields))}
      {...grid}
    />
  );
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
      <ListStatus
        isPending={list.isPending}
        error={list.error}
        rowCount={rows.length}
        isFiltered={isFiltered}
        onRetry={() => void list.refetch()}
        emptyText={emptyText}
        filteredEmptyText={filteredEmptyText}
        emptyAction={emptyAction}
        skeletonRows={skeletonRows}
      />
      {dataGrid && (height === undefined ? dataGrid : <Box sx={{ height }}>{dataGrid}</Box>)}
      {footer}
      <Divider />
      <Box sx={{ px: { xs: 1, sm: 2 } }}>
        <PagingFooter
          page={state.page}
          pageSize={state.pageSize}
          count={rows.length}
          total={list.data?.total ?? 0}
          hasNextPage={list.data?.hasNextPage ?? false}
          totalIsEstimate={list.data?.totalIsEstimate ?? false}
          onPage={(page) => update({ page })}
          pageSizeOptions={pageSizeOptions}
          onPageSize={(pageSize) => update({ pageSize, page: 1 })}
        />
      </Box>
    </Paper>
  );
}

/** The empty-list texts of every list (requirements §2.9 shared states). */
export const LIST_TEXTS = {
  empty: 'There are no items to display.',
  filteredEmpty: 'No items were found - please modify your search criteria',
  noData: 'No Data',
  /** The link under the empty text of a list the user may add to. */
  addNew: 'Add new item',
} as const;
