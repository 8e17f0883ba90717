import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { DataGrid, type GridColDef, type GridRowParams, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { formatUsd, PAGE_SIZES } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { ListLoadError } from '../../ui/list-toolbar.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';

// The billing lists' shared frame: page, page size and sort live in the URL (page, size, sort, dir),
// the grid pages and sorts on the server, the footer is the spec's paging text. Kept small and local
// so it can give way to the list contract's URL-state hook and list frame (issue 11).

export interface ListParams<K extends string> {
  page: number;
  pageSize: number;
  sort: K;
  direction: 'asc' | 'desc';
  update: (next: Record<string, string | null>) => void;
}

export function useListParams<K extends string>(sortKeys: readonly K[], defaultSort: K, defaultDirection: 'asc' | 'desc'): ListParams<K> {
  const [params, setParams] = useSearchParams();
  const preferred = usePreferredPageSize();
  const sizeParam = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : preferred;
  const sortParam = params.get('sort');
  const sort = sortParam && (sortKeys as readonly string[]).includes(sortParam) ? (sortParam as K) : defaultSort;
  const dirParam = params.get('dir');
  const direction = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDirection;
  const update = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );
  return { page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1), pageSize, sort, direction, update };
}

/** A right-aligned US-dollar column of a decimal-string field. */
export function moneyColumn<R extends GridValidRowModel>(field: string, headerName: string, extra: Partial<GridColDef<R>> = {}): GridColDef<R> {
  return { field, headerName, type: 'number', minWidth: 110, align: 'right', headerAlign: 'right', valueFormatter: (v: string | null) => formatUsd(v), ...extra };
}

/** A right-aligned decimal (quantity, hours) shown without trailing zeros beyond what it has. */
export function decimalColumn<R extends GridValidRowModel>(field: string, headerName: string, extra: Partial<GridColDef<R>> = {}): GridColDef<R> {
  const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return { field, headerName, type: 'number', minWidth: 90, align: 'right', headerAlign: 'right', valueFormatter: (v: string | null) => (v === null ? '' : fmt.format(Number(v))), ...extra };
}

export interface ServerGridProps<R extends GridValidRowModel, K extends string> {
  label: string;
  rows: R[];
  columns: GridColDef<R>[];
  total: number;
  loading: boolean;
  error: Error | null;
  list: ListParams<K>;
  /** The sort key the grid shows no arrow for (the default order). */
  defaultSort: K;
  sortKeys: readonly K[];
  onRowClick?: (row: R) => void;
  selectedId?: number | null;
  footer?: ReactNode;
}

/** A server-paged, server-sorted grid with the spec's footer and the page-size choice. */
export function ServerGrid<R extends GridValidRowModel & { id: number }, K extends string>(p: ServerGridProps<R, K>) {
  const sortModel: GridSortModel = p.list.sort === p.defaultSort ? [] : [{ field: p.list.sort, sort: p.list.direction }];
  return (
    <Box>
      <ListLoadError error={p.error} />
      <DataGrid<R>
        aria-label={p.label}
        rows={p.rows}
        columns={p.columns}
        loading={p.loading}
        density="compact"
        rowHeight={52}
        autoHeight
        hideFooter
        disableColumnMenu
        sortingMode="server"
        paginationMode="server"
        rowCount={p.total}
        sortModel={sortModel}
        onSortModelChange={(m) => {
          const first = m[0];
          const key = first && (p.sortKeys as readonly string[]).includes(first.field) ? first.field : null;
          p.list.update({ sort: key, dir: key ? (first?.sort ?? null) : null, page: null });
        }}
        rowSelectionModel={{ type: 'include', ids: new Set(p.selectedId == null ? [] : [p.selectedId]) }}
        onRowClick={p.onRowClick ? ({ row }: GridRowParams<R>) => p.onRowClick?.(row) : undefined}
        localeText={{ noRowsLabel: 'No data' }}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      />
      {p.footer}
      <PagingFooter
        page={p.list.page}
        pageSize={p.list.pageSize}
        count={p.rows.length}
        total={p.total}
        onPage={(n) => p.list.update({ page: n > 1 ? String(n) : null })}
        pageSizeOptions={PAGE_SIZES}
        onPageSize={(n) => p.list.update({ size: String(n), page: null })}
      />
    </Box>
  );
}

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

