import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useSnackbar } from '../../ui/app-snackbar.tsx';

/** A refusal or a failed load: the server's message on the page and in an error snackbar (requirements §3.6). */
export function TicketLoadError({ message }: { message: string }) {
  const showSnackbar = useSnackbar();
  useEffect(() => showSnackbar(message, { severity: 'error' }), [message, showSnackbar]);
  return (
    <Alert severity="error" sx={{ maxWidth: 960 }}>
      {message}
    </Alert>
  );
}
