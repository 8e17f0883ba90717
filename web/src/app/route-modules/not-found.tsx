import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@sc/common';

export function Component() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.25rem' }}>
        {MESSAGES.noMatchForPath}
      </Typography>
    </Box>
  );
}
