import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

interface PagingFooterProps {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  count: number;
  total: number;
  onPage: (page: number) => void;
  /** Whether a row follows this page, when the server says so exactly (ticket lists); otherwise derived from total. */
  hasNextPage?: boolean;
  /** The total is a lower bound or a planner estimate: shown as 'of about N'. */
  totalIsEstimate?: boolean;
  /** With both, a page-size select ('Rows per page') is shown before the text. */
  pageSizeOptions?: readonly number[];
  onPageSize?: (pageSize: number) => void;
}

const numberFormat = new Intl.NumberFormat();

/** requirements §1.1 shared table behaviour: 'Displaying {start} - {end}' with Previous and Next. */
export function PagingFooter({ page, pageSize, count, total, onPage, hasNextPage, totalIsEstimate = false, pageSizeOptions, onPageSize }: PagingFooterProps) {
  const sizeId = useId();
  const start = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = (page - 1) * pageSize + count;
  const hasNext = hasNextPage ?? end < total;
  const of = total > 0 ? (totalIsEstimate ? ` of about ${numberFormat.format(total)}` : ` of ${numberFormat.format(total)}`) : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end', py: 1, flexWrap: 'wrap' }}>
      {pageSizeOptions && onPageSize && (
        <TextField
          select
          size="small"
          id={sizeId}
          label="Rows per page"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          sx={{ width: 130, mr: 'auto' }}
        >
          {(pageSizeOptions.includes(pageSize) ? pageSizeOptions : [...pageSizeOptions, pageSize].sort((a, b) => a - b)).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mr: 1 }}>
        {`Displaying ${start} - ${end}`}
        {of}
      </Typography>
      <Button size="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Button size="small" onClick={() => onPage(page + 1)} disabled={!hasNext}>
        Next
      </Button>
    </Box>
  );
}
