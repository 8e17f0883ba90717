import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDateTime } from '../dates.ts';

/**
 * The width (px) a grid column of formatDateTime values needs to show them whole at the grids' fonts, zone
 * included ('Sep 30, 2026 10:44 AM EDT'). The date-time columns were 180–215 px apart, and the ticket
 * lists' 180 cut the time and zone off.
 */
const DATE_TIME_COLUMN_WIDTH = 220;

/** What every grid column of timestamps shares: its width, and the value in the user's zone (empty when null). */
export function dateTimeColumn<R extends GridValidRowModel>(timeZone: string | null | undefined): Pick<GridColDef<R>, 'minWidth' | 'valueFormatter'> {
  return { minWidth: DATE_TIME_COLUMN_WIDTH, valueFormatter: (v: string | null | undefined) => (v ? formatDateTime(v, timeZone) : '') };
}
