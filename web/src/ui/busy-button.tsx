import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A button that shows progress while its action runs (UI.md, Forms: the submit button shows progress
 * and is enabled again for a retry after a failure): disabled and with a spinner while `busy`.
 */
export function BusyButton({ busy, disabled, startIcon, ...props }: ButtonProps & { busy: boolean }) {
  return <Button {...props} disabled={busy || disabled} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : startIcon} />;
}
