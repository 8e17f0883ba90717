import { useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { type GridColDef, type GridColumnVisibilityModel, type GridRowParams, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { formatUsd, PAGE_SIZES } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { ListGrid } from '../../ui/list/list-grid.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';

// The billing lists' grid on the list contract: state in the URL with the API's names
// (useListUrlState, the user's page size by default), the shared DataGrid settings, the list states
// (ListStatus) and the spec's pager.

/** A billing list's URL state, starting at the user's preferred page size. */
export function useBillingList<S extends z.ZodObject<z.ZodRawShape>>(schema: S) {
  const preferred = usePreferredPageSize();
  const defaults = useMemo(() => ({ pageSize: preferred }) as unknown as Partial<z.input<S>>, [preferred]);
  const list = useListUrlState(schema, defaults);
  /** The same update, typed for the grid's paging and sorting patches. */
  const gridUpdate = list.update as unknown as GridUpdate;
  return { ...list, gridUpdate };
}

type GridUpdate = (patch: { page?: number; pageSize?: number; sort?: string; direction?: 'asc' | 'desc' }) => void;

/** A right-aligned US-dollar column of a decimal-string field. */
export function moneyColumn<R extends GridValidRowModel>(field: string, headerName: string, extra: Partial<GridColDef<R>> = {}): GridColDef<R> {
  return { field, headerName, type: 'number', minWidth: 110, align: 'right', headerAlign: 'right', valueFormatter: (v: string | null) => formatUsd(v), ...extra };
}

/** A right-aligned decimal (quantity, hours) shown without trailing zeros beyond what it has. */
export function decimalColumn<R extends GridValidRowModel>(field: string, headerName: string, extra: Partial<GridColDef<R>> = {}): GridColDef<R> {
  const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return { field, headerName, type: 'number', minWidth: 90, align: 'right', headerAlign: 'right', valueFormatter: (v: string | null) => (v === null ? '' : fmt.format(Number(v))), ...extra };
}

interface ServerGridProps<R extends GridValidRowModel> {
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
  onRowClick?: (row: R) => void;
  selectedId?: number | null;
  footer?: ReactNode;
}

/**
 * A billing list's grid: the shared ListGrid (list states, pager with the page-size choice) with the
 * URL state's sort (no arrow for the list's default order) and the selected row.
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
      emptyText={BILLING_EMPTY}
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

/** The empty text of the billing lists (the spec's request-list 'No data'). */
const BILLING_EMPTY = 'No data';

/** The Export button: downloads the server's .xlsx (its name comes from the server), errors in a snackbar. */
export function ExportButton({ path, fallbackName, disabled }: { path: string; fallbackName: string; disabled?: boolean }) {
  const showSnackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <BusyButton
      startIcon={<FileDownloadIcon />}
      busy={busy}
      disabled={disabled}
      onClick={() => {
        setBusy(true);
        downloadFile(path, fallbackName)
          .catch((e: unknown) => showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      Export
    </BusyButton>
  );
}

