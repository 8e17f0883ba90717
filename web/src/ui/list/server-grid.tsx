import type { GridRowParams, GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZES } from '@sc/common';
import { ListGrid, type ListGridProps } from './list-grid.tsx';

export type ServerGridProps<R extends GridValidRowModel & { id: number }, K extends string> = Omit<
  ListGridProps<R, K>,
  'isFiltered' | 'pageSizeOptions' | 'rowSelectionModel' | 'onRowClick'
> & {
  /** A search or filter is applied (none by default). */
  isFiltered?: boolean;
  /** The one selected row, which a click selects. */
  selectedId?: number | null;
  onRowClick?: (row: R) => void;
};

/**
 * A list grid with one selectable row and the page-size choice (PAGE_SIZES), as the billing lists show it:
 * ListGrid (list states, paging and sorting through the list's URL state) with the selection.
 */
export function ServerGrid<R extends GridValidRowModel & { id: number }, K extends string>({ isFiltered = false, selectedId, onRowClick, ...grid }: ServerGridProps<R, K>) {
  return (
    <ListGrid<R, K>
      {...grid}
      isFiltered={isFiltered}
      pageSizeOptions={PAGE_SIZES}
      rowSelectionModel={{ type: 'include', ids: new Set(selectedId == null ? [] : [selectedId]) }}
      onRowClick={onRowClick ? ({ row }: GridRowParams<R>) => onRowClick(row) : undefined}
    />
  );
}
