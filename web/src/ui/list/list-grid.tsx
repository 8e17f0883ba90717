import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { PagingFooter } from '../paging-footer.tsx';
import { DATA_GRID_DEFAULTS, ListStatus } from './list-screen.tsx';

// The table of a list screen (docs/conventions.md 'Lists', requirements §2.9), the same look as the devices list: one
// outlined panel holding the one status display (ListStatus: skeleton, error with Retry, empty,
// filtered-empty), the DataGrid with DATA_GRID_DEFAULTS while there are rows, and the one pager.

/** What the grid needs of a list query (a React Query result of a `pageOf` response). */
export interface ListGridQuery<R> {
  data?: { rows: R[]; total: number; hasNextPage: boolean; totalIsEstimate?: boolean } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export type ListGridProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'rows' | 'rowCount' | 'loading' | 'aria-label'> & {
  /** The grid's accessible name, e.g. 'Contacts'. */
  label: string;
  list: ListGridQuery<R>;
  /** A search or filter is applied: an empty answer says so. */
  isFiltered: boolean;
  emptyText: string;
  filteredEmptyText?: string;
  /** Under the empty text, e.g. the spec's 'Add new item' link (not when a search or filter is applied). */
  emptyAction?: ReactNode;
  /** Paging: the URL state's page and size; omit `onPage` for a list shown whole (no pager). */
  page: number;
  pageSize: number;
  onPage?: (page: number) => void;
  /** With both, the pager offers a page-size select ('Rows per page'). */
  pageSizeOptions?: readonly number[];
  onPageSize?: (pageSize: number) => void;
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

/** A server-paged DataGrid with its status and pager, in one panel. */
export function ListGrid<R extends GridValidRowModel>({
  label,
  list,
  isFiltered,
  emptyText,
  filteredEmptyText,
  emptyAction,
  page,
  pageSize,
  onPage,
  pageSizeOptions,
  onPageSize,
  height,
  skeletonRows = 5,
  footer,
  ...grid
}: ListGridProps<R>) {
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
      {onPage && (
        <>
          <Divider />
          <Box sx={{ px: { xs: 1, sm: 2 } }}>
            <PagingFooter
              page={page}
              pageSize={pageSize}
              count={rows.length}
              total={list.data?.total ?? 0}
              hasNextPage={list.data?.hasNextPage ?? false}
              totalIsEstimate={list.data?.totalIsEstimate ?? false}
              onPage={onPage}
              pageSizeOptions={pageSizeOptions}
              onPageSize={onPageSize}
            />
          </Box>
        </>
      )}
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
