import { useMemo } from 'react';
import type { z } from 'zod';
import { type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { formatUsd } from '@sc/common';
import { usePreferredPageSize } from '../auth/use-preferred-page-size.ts';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';

// The billing lists on the list contract: state in the URL with the API's names (useListUrlState, the
// user's page size by default), shown by the shared ServerGrid (ui/list/server-grid.tsx).

/** A billing list's URL state, starting at the user's preferred page size. */
export function useBillingList<S extends z.ZodObject<z.ZodRawShape>>(schema: S) {
  const preferred = usePreferredPageSize();
  const defaults = useMemo(() => ({ pageSize: preferred }) as unknown as Partial<z.input<S>>, [preferred]);
  return useListUrlState(schema, defaults);
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

/** The empty text of the billing lists (the spec's request-list 'No data'). */
export const BILLING_EMPTY = 'No data';
