import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { BusyButton } from './busy-button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** The spec's title, verbatim. */
  title: ReactNode;
  /** The spec's text, verbatim. */
  text: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows progress on the confirm button and keeps the dialog from closing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation (UI.md, Forms and dialogs): actions right-aligned, the primary action last. */
export function ConfirmDialog({ open, title, text, confirmLabel = 'OK', cancelLabel = 'Cancel', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <BusyButton variant="contained" onClick={onConfirm} busy={busy} autoFocus>
          {confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
