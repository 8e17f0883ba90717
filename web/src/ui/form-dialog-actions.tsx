import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { BusyButton } from './busy-button.tsx';

/** The actions of a form dialog (UI.md, Dialogs): Cancel, then the submit button last, with progress while it saves. */
export function FormDialogActions({ submitLabel, busy, onCancel }: { submitLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <BusyButton type="submit" variant="contained" busy={busy}>
        {submitLabel}
      </BusyButton>
    </DialogActions>
  );
}
