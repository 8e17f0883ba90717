import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export interface PagingFooterProps {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  count: number;
  total: number;
  onPage: (page: number) => void;
}

/** 000 §2 shared table behaviour: 'Displaying {start} - {end}' with Previous and Next. */
export function PagingFooter({ page, pageSize, count, total, onPage }: PagingFooterProps) {
  const start = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const end = (page - 1) * pageSize + count;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end', py: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mr: 1 }}>
        {`Displaying ${start} - ${end}`}
        {total > 0 ? ` of ${total}` : ''}
      </Typography>
      <Button size="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Button size="small" onClick={() => onPage(page + 1)} disabled={end >= total}>
        Next
      </Button>
    </Box>
  );
}
