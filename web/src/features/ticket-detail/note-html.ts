import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TICKET_LIMITS, ZCreateTicketActionRequestSchema, type CreateTicketActionRequest, type TicketAction } from '@sc/common';
import { formatDateTime } from '../../ui/dates.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Notes are stored as HTML (the original's editor wrote HTML); what is typed here is plain text,
 * so it is escaped — '<b>' typed shows as '<b>' — and its lines become paragraphs.
 */
export function textToNoteHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** The note dialog (view-action): the note as plain text, never as HTML. */
export function NoteDialog({ action, timeZone, onClose }: { action: TicketAction | null; timeZone: string; onClose: () => void }) {
  return (
    <Dialog open={action !== null} onClose={onClose} aria-labelledby="note-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="note-dialog-title">Note</DialogTitle>
      <DialogContent>
        {action && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {formatDateTime(action.startDate, timeZone)} · {action.staffName}
            </Typography>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="note-dialog-text">
              {action.note}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'New Note' (new-action) with Update and Cancel; a failed save keeps the text and shows the server's message. */
export function NewNoteDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (note: string) => Promise<unknown> }) {
  const form = useForm<CreateTicketActionRequest>({ defaultValues: { note: '' }, resolver: zodResolver(ZCreateTicketActionRequestSchema), mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting, isDirty, errors } = form.formState;
  const close = () => {
    if (isSubmitting) return;
    form.reset({ note: '' });
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async ({ note }) => {
    setError(null);
    try {
      await onSave(textToNoteHtml(note));
      form.reset({ note: '' });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <Dialog
      open={open}
      onClose={isDirty ? undefined : close}
      aria-labelledby="new-note-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (e: React.FormEvent) => void submit(e) } as object }}
    >
      <DialogTitle id="new-note-title">New Note</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          {...form.register('note')}
          label="Note"
          multiline
          minRows={5}
          autoFocus
          fullWidth
          error={!!errors.note}
          helperText={errors.note?.message}
          slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.note } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <FormDialogActions submitLabel="Update" busy={isSubmitting} onCancel={close} />
    </Dialog>
  );
}
