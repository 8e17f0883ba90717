import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PublicLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
