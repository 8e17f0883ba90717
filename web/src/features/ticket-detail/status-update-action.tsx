import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_DETAIL_MESSAGES } from '@sc/common';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { invalidateTicketWrite } from '../../api/query-keys.ts';
import { requestStatusUpdate } from './api.ts';

/** The spec gives no success text; this one says what happened. */
const STATUS_UPDATE_REQUESTED = 'Status update requested';

/** 'Request Status Update' (requirements §3.1, §3.3): confirm, request, and show a failure in a dialog (requirements §3.6). */
export function StatusUpdateAction({ ticketId }: { ticketId: number }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const showSnackbar = useSnackbar();
  const qc = useQueryClient();

  const confirm = async () => {
    setIsBusy(true);
    try {
      await requestStatusUpdate(ticketId);
      setIsConfirming(false);
      showSnackbar(STATUS_UPDATE_REQUESTED, { severity: 'success' });
      void invalidateTicketWrite(qc, ticketId);
    } catch (e) {
      setIsConfirming(false);
      setFailure(TICKET_DETAIL_MESSAGES.statusUpdateFailed.replace('{message}', e instanceof Error ? e.message : String(e)));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<NotificationsActiveOutlinedIcon />} onClick={() => setIsConfirming(true)}>
        Request Status Update
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title={TICKET_DETAIL_MESSAGES.statusUpdateConfirmTitle}
        text={TICKET_DETAIL_MESSAGES.statusUpdateConfirmText}
        busy={isBusy}
        onConfirm={() => void confirm()}
        onCancel={() => setIsConfirming(false)}
      />
      <Dialog open={failure !== null} onClose={() => setFailure(null)} aria-labelledby="status-update-error-title" maxWidth="xs" fullWidth>
        <DialogTitle id="status-update-error-title">Error</DialogTitle>
        <DialogContent>
          <DialogContentText>{failure}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setFailure(null)} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
