import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@sc/common';
import { PageHeader } from '../page-header.tsx';

// The one frame of a list screen (docs/conventions.md 'Lists'): title, toolbar slots, the stated order,
// and the states every list has: loading, empty, filtered-empty and error with retry.

/** The spec's loading text (requirements §2.9 shared states). */
export const LOADING_TEXT = 'Loading...';

export interface ListStatusProps {
  isPending: boolean;
  error: Error | null;
  rowCount: number;
  /** A search or filter is applied: an empty answer says so (and how to widen it). */
  isFiltered: boolean;
  onRetry: () => void;
  /** What an empty list says, e.g. 'No Devices Found'. */
  emptyText: string;
  filteredEmptyText?: string;
  /** How many placeholder lines while the first page loads. */
  skeletonRows?: number;
  /** Under the (unfiltered) empty text, e.g. the spec's 'Add new item' link; hidden when adding is not allowed. */
  emptyAction?: ReactNode;
}

/**
 * The failed-load state of a list or of a screen's data (requirements §2.9): the spec's table error text, the
 * reason, and Retry. Nothing when there is no error.
 */
export function ListError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (!error) return null;
  return (
    <Alert
      severity="error"
      sx={{ m: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {MESSAGES.tableLoadError} ({error.message})
    </Alert>
  );
}

/** Loading, error with retry, empty, filtered-empty; null when there are rows to show. */
export function ListStatus({ isPending, error, rowCount, isFiltered, onRetry, emptyText, filteredEmptyText, skeletonRows = 4, emptyAction }: ListStatusProps) {
  if (error) return <ListError error={error} onRetry={onRetry} />;
  if (isPending) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading">
        {/* requirements §2.9: the spec's loading text, with placeholder lines the size of the rows to come. */}
        <Typography variant="body2" color="text.secondary">
          {LOADING_TEXT}
        </Typography>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  }
  if (rowCount > 0) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography role="status">{isFiltered ? (filteredEmptyText ?? `${emptyText} for this search or filter.`) : emptyText}</Typography>
      {!isFiltered && emptyAction && <Box sx={{ mt: 1 }}>{emptyAction}</Box>}
    </Box>
  );
}

export interface ListScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Actions (New, Refresh, Export…) before the search and filters. */
  actions?: ReactNode;
  /** The search box and filters, at the toolbar's end. */
  filters?: ReactNode;
  /** The stated order, e.g. 'Sorted by Device Name, A to Z' (sortLabel()). */
  order?: string;
  /** Controls on the order's line, at its end (e.g. the ticket grid's column chooser). */
  orderActions?: ReactNode;
  children: ReactNode;
}

/** A list page: header with its toolbar and stated order, then the list. */
export function ListScreen({ title, subtitle, actions, filters, order, orderActions, children }: ListScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        toolbar={
          actions || filters ? (
            <>
              {actions}
              {filters}
            </>
          ) : undefined
        }
      />
      {order && !orderActions && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 1 }} data-testid="list-order">
          {order}
        </Typography>
      )}
      {order && orderActions && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: -2, mb: 0.5, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" data-testid="list-order">
            {order}
          </Typography>
          {orderActions}
        </Box>
      )}
      {children}
    </>
  );
}

/** 'Sorted by {label}, {newest first | A to Z …}' for the list's current sort. */
export function sortLabel(label: string, direction: 'asc' | 'desc', kind: 'text' | 'date' | 'number' = 'text'): string {
  const words = kind === 'text' ? (direction === 'asc' ? 'A to Z' : 'Z to A') : kind === 'date' ? (direction === 'asc' ? 'oldest first' : 'newest first') : direction === 'asc' ? 'lowest first' : 'highest first';
  return `Sorted by ${label}, ${words}`;
}

/**
 * The DataGrid settings every server-paged list shares: paging and sorting by the server, our own
 * pager (PagingFooter) below, compact rows, no column menu.
 */
export const DATA_GRID_DEFAULTS = {
  density: 'compact',
  hideFooter: true,
  disableColumnMenu: true,
  sortingMode: 'server',
  paginationMode: 'server',
  sortingOrder: ['asc', 'desc'],
  disableRowSelectionOnClick: false,
} as const;
