import type { ReactNode } from 'react';
import { type GridColDef, type GridColumnVisibilityModel, type GridRowParams, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZES } from '@sc/common';
import { ListGrid } from './list-grid.tsx';

/** The URL state's update, typed for the grid's paging and sorting patches. */
export type GridUpdate = (patch: { page?: number; pageSize?: number; sort?: string; direction?: 'asc' | 'desc' }) => void;

export interface ServerGridProps<R extends GridValidRowModel> {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  /** Columns hidden for the screen's width (useColumnsForWidth). */
  columnVisibilityModel?: GridColumnVisibilityModel;
  page: { total: number; hasNextPage: boolean } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  state: { page: number; pageSize: number; sort: string; direction: 'asc' | 'desc' };
  update: GridUpdate;
  /** The list's sort keys and its default (the grid shows no arrow for the default order). */
  sorts: readonly string[];
  defaultSort: string;
  defaultDirection: 'asc' | 'desc';
  emptyText: string;
  onRowClick?: (row: R) => void;
  selectedId?: number | null;
  footer?: ReactNode;
}

/**
 * A list grid with one selectable row and the page-size choice (PAGE_SIZES), as the billing lists show it: the
 * shared ListGrid (list states, pager with the page-size choice) with the URL state's sort (no arrow for the
 * list's default order) and the selected row.
 */
export function ServerGrid<R extends GridValidRowModel & { id: number }>(p: ServerGridProps<R>) {
  const sortModel: GridSortModel = p.state.sort === p.defaultSort && p.state.direction === p.defaultDirection ? [] : [{ field: p.state.sort, sort: p.state.direction }];
  return (
    <ListGrid<R>
      label={p.label}
      list={{
        data: p.page && { rows: p.rows, total: p.page.total, hasNextPage: p.page.hasNextPage },
        isPending: p.isPending,
        isFetching: p.isFetching,
        error: p.error,
        refetch: p.onRetry,
      }}
      isFiltered={false}
      emptyText={p.emptyText}
      page={p.state.page}
      pageSize={p.state.pageSize}
      onPage={(n) => p.update({ page: n })}
      pageSizeOptions={PAGE_SIZES}
      onPageSize={(n) => p.update({ pageSize: n })}
      footer={p.footer}
      columns={p.columns}
      columnVisibilityModel={p.columnVisibilityModel}
      sortModel={sortModel}
      onSortModelChange={(m) => {
        const first = m[0];
        if (first && p.sorts.includes(first.field)) p.update({ sort: first.field, direction: first.sort ?? p.defaultDirection });
        else p.update({ sort: p.defaultSort, direction: p.defaultDirection });
      }}
      rowSelectionModel={{ type: 'include', ids: new Set(p.selectedId == null ? [] : [p.selectedId]) }}
      onRowClick={p.onRowClick ? ({ row }: GridRowParams<R>) => p.onRowClick?.(row) : undefined}
    />
  );
}
