import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { TICKET_DETAIL_MESSAGES, ticketSavedMessage, type SignedInUser, type TicketDetail, type TicketType } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { fromOf, ticketHref, ticketListHref } from '../../config/hrefs.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useTicketLookups } from './api.ts';
import { TicketFields, FactList } from './ticket-fields.tsx';
import { ticketResolver, type BodyContext, type TicketFormValues } from './ticket-form-values.ts';
import { CANCEL_TEXT, CANCEL_TITLE, LeavePrompt } from './use-leave-prompt.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FileDropZone, formatBytes, uploadFiles } from './ticket-attachments.tsx';

/** requirements §3.3, §3.6: the success redirect delay. */
const SAVE_REDIRECT_MS = 2500;

interface Props {
  mode: 'edit' | 'add';
  user: SignedInUser;
  ticketType: TicketType;
  title: string;
  subtitle?: ReactNode;
  /** Read-only facts above the form (number, contact, device, dates). */
  facts: [string, ReactNode][];
  defaultValues: TicketFormValues;
  /** Saves the values; resolves when stored, rejects with the server's error. */
  save: (values: TicketFormValues, ctx: BodyContext) => Promise<TicketDetail>;
  /** Where Cancel goes when there is no previous path. */
  cancelPath: string;
  /** The stored assignee (edit), offered even when the lookups no longer list it. */
  currentAssignee?: { key: string; name: string | null };
}

/**
 * The edit and new forms of a ticket (update-incident, new-incident, update-service-request,
 * new-service-request): react-hook-form with the shared schema; a failed save keeps every value
 * typed and shows the server's message; a saved form leaves after 2.5 s (requirements §3.3).
 */
export function TicketEditor({ mode, user, ticketType, title, subtitle, facts, defaultValues, save, cancelPath, currentAssignee }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const showSnackbar = useSnackbar();
  const lookups = useTicketLookups();
  const isUser = user.userType === 'User';
  const ctx = useMemo<BodyContext>(() => ({ ticketType, timeZone: user.timeZone, isUser }), [ticketType, user.timeZone, isUser]);
  const form = useForm<TicketFormValues>({ defaultValues, resolver: ticketResolver(ctx, mode), mode: 'onTouched' });
  const { isDirty, isSubmitting } = form.formState;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TicketDetail | null>(null);
  const [pendingFiles, setPendingFiles] = useState<File[]>([]);
  const isSaved = saved !== null;
  const [isCancelling, setIsCancelling] = useState(false);
  const isLeaving = useRef(false);
  const from = fromOf(location.state);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const leave = (to: string) => {
    isLeaving.current = true;
    void navigate(to);
  };

  const submitValues = async (values: TicketFormValues) => {
    setSaveError(null);
    try {
      const ticket = await save(values, ctx);
      isLeaving.current = true;
      // Files chosen on the new-ticket form go up once the ticket exists; a refused file does not undo the ticket.
      const failed = pendingFiles.length ? (await uploadFiles(ticket.id, pendingFiles)).failed : [];
      setSaved(ticket);
      if (failed.length) showSnackbar(`${ticketSavedMessage(ticket.ticketType, mode, ticket.ticketNo)}, but not every file: ${failed.join('; ')}`, { severity: 'warning' });
      else showSnackbar(ticketSavedMessage(ticket.ticketType, mode, ticket.ticketNo), { severity: 'success' });
      timer.current = setTimeout(() => leave(from ?? ticketListHref(ticketType)), SAVE_REDIRECT_MS);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (isApiError(e) && e.fieldErrors) {
        for (const [field, text] of Object.entries(e.fieldErrors)) {
          if (field in defaultValues) form.setError(field as keyof TicketFormValues, { type: 'server', message: text });
        }
      }
      setSaveError(message);
      showSnackbar(message, { severity: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(submitValues)(e)} sx={{ maxWidth: 960 }} aria-label={title}>
      <LeavePrompt when={isDirty && !isSaved} isLeaving={isLeaving} />
      <PageHeader
        title={title}
        subtitle={subtitle}
        toolbar={
          <>
            <BusyButton type="submit" variant="contained" startIcon={<SaveOutlinedIcon />} busy={isSubmitting} disabled={isSaved}>
              Save
            </BusyButton>
            <Button variant="outlined" onClick={() => setIsCancelling(true)} disabled={isSaved}>
              Cancel
            </Button>
          </>
        }
      />
      {saved && (
        // Stays on the page until the 2.5 s move, with the number as a link to the saved ticket.
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {ticketSavedMessage(saved.ticketType, mode, saved.ticketNo)}.{' '}
          <Link component={RouterLink} to={ticketHref(saved.ticketType, 'view', saved.id)}>
            Open {saved.ticketNo}
          </Link>
        </Alert>
      )}
      {saveError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {saveError}
          {saveError === TICKET_DETAIL_MESSAGES.conflict && ' What you typed is kept below: copy it, then reload the page to edit the latest version.'}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FactList items={facts} />
        <TicketFields
          control={form.control}
          lookups={lookups.data}
          currentAssignee={currentAssignee}
          isRequest={ticketType === 'ServiceRequest'}
          isUser={isUser}
          showStatus={mode === 'edit'}
          disabled={isSaved}
        />
        {mode === 'add' && (
          <Box component="section" aria-label="Files">
            {pendingFiles.length > 0 && (
              <Box component="ul" aria-label="Files to attach" sx={{ listStyle: 'none', m: 0, mb: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {pendingFiles.map((f, i) => (
                  <li key={`${f.name}-${i}`}>
                    <Chip label={`${f.name} (${formatBytes(f.size)})`} onDelete={isSaved ? undefined : () => setPendingFiles((all) => all.filter((_, j) => j !== i))} />
                  </li>
                ))}
              </Box>
            )}
            {!isSaved && <FileDropZone onFiles={(files) => setPendingFiles((all) => [...all, ...files])} busy={false} />}
          </Box>
        )}
      </Paper>
      <ConfirmDialog
        open={isCancelling}
        title={CANCEL_TITLE}
        text={CANCEL_TEXT}
        onConfirm={() => {
          setIsCancelling(false);
          leave(from ?? cancelPath);
        }}
        onCancel={() => setIsCancelling(false)}
      />
    </Box>
  );
}
