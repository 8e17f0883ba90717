import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Last resort for render errors and chunks that failed to load (e.g. after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640 }}>
      <Alert severity="error" action={<Button onClick={() => window.location.reload()}>Reload</Button>}>
        An Error Occurred{detail ? ` (${detail})` : ''}
      </Alert>
    </Box>
  );
}
