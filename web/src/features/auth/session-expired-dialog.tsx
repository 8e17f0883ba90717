import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@sc/common';
import { useSession } from './session-context.ts';
import { LoginForm } from './login-form.tsx';

/**
 * Shown over the current screen when a call answers 401 (requirements §1.1). It has no onClose, so Escape and the backdrop do nothing: the
 * only way on is to sign in again, after which the screen's queries refetch in place.
 */
export function SessionExpiredDialog() {
  const { status, user } = useSession();
  return (
    <Dialog
      open={status === 'expired'}
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-text"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="session-expired-title">Session Expired</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-expired-text" sx={{ mb: 2 }}>
          {MESSAGES.sessionExpired}
        </DialogContentText>
        <LoginForm layout="dialog" idPrefix="relogin" defaultEmail={user?.userName ?? ''} />
      </DialogContent>
    </Dialog>
  );
}
