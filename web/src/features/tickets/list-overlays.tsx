import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/Inbox';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { LoadingOverlayPropsOverrides, NoRowsOverlayPropsOverrides } from '@mui/x-data-grid';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    /** Search, criteria or a saved filter are applied: the filtered-empty text instead of the empty one. */
    isFiltered: boolean;
    /** The load failed: the error is shown above the grid, so the overlay stays quiet. */
    isError: boolean;
    /** Where 'Add new item' goes, with the list as the place to come back to. */
    addPath: string;
    from: string;
  }
  interface LoadingOverlayPropsOverrides {
    hasRows: boolean;
    rowCount: number;
  }
}

export const TABLE_TEXTS = {
  loading: 'Loading...',
  empty: 'There are no items to display.',
  addNew: 'Add new item',
  filteredEmpty: 'No items were found - please modify your search criteria',
} as const;

/** requirements §2.1 table states: empty ('Add new item') and filtered-empty. */
export function TicketNoRowsOverlay({ isFiltered, isError, addPath, from }: NoRowsOverlayPropsOverrides) {
  if (isError) return null;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, p: 2, textAlign: 'center' }}>
      {isFiltered ? <SearchOffIcon color="disabled" aria-hidden /> : <InboxIcon color="disabled" aria-hidden />}
      <Typography color="text.secondary">{isFiltered ? TABLE_TEXTS.filteredEmpty : TABLE_TEXTS.empty}</Typography>
      {!isFiltered && (
        <Link component={RouterLink} to={addPath} state={{ from }}>
          {TABLE_TEXTS.addNew}
        </Link>
      )}
    </Box>
  );
}

/** 'Loading...' with skeleton rows on a first load; over existing rows a progress bar, so the page does not blank out. */
export function TicketLoadingOverlay({ hasRows, rowCount }: LoadingOverlayPropsOverrides) {
  return (
    <Box sx={{ position: 'absolute', inset: 0, bgcolor: hasRows ? 'action.disabledBackground' : 'background.paper', opacity: hasRows ? 0.9 : 1 }}>
      <LinearProgress aria-hidden sx={{ height: 2 }} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 1.5, py: 0.5 }}>
        {TABLE_TEXTS.loading}
      </Typography>
      {!hasRows &&
        Array.from({ length: Math.max(1, Math.min(rowCount, 6)) }, (_, i) => (
          <Box key={i} sx={{ height: 52, px: 1.5, display: 'flex', alignItems: 'center' }}>
            <Skeleton variant="text" sx={{ width: `${90 - (i % 3) * 15}%` }} />
          </Box>
        ))}
    </Box>
  );
}
