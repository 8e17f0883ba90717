import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { TICKET_DETAIL_MESSAGES, TICKET_LIMITS, ZCreateTicketActionRequestSchema, type Page, type TicketAction } from '@sc/common';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { invalidateTicketWrite } from '../../api/query-keys.ts';
import { CONVERSATION_QUERY, createTicketAction, ticketKeys, useConversation } from './api.ts';
import { textToNoteHtml } from './note-html.ts';
import { TicketLoadError } from './ticket-load-error.tsx';

/** requirements §3.3: the notes list refreshes 3 s after a new action. */
const ACTION_REFRESH_MS = 3000;

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The notes of a ticket in order, oldest first, with their authors and times; plain text, never HTML. */
export function TicketConversation({ ticketId, timeZone }: { ticketId: number; timeZone: string }) {
  const notes = useConversation(ticketId);
  if (notes.isPending) return <Typography color="text.secondary">Loading...</Typography>;
  if (notes.isError) return <TicketLoadError message={notes.error.message} />;
  const rows = [...notes.data.rows].reverse();
  return (
    <>
      {notes.data.total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The latest {rows.length} of {notes.data.total} notes; Export has them all.
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary">No Actions</Typography>
      ) : (
        <Box component="ol" aria-label="Conversation" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {rows.map((a) => (
            <Box component="li" key={a.id} sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
              <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }} aria-hidden>
                {initials(a.staffName)}
              </Avatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                  <Typography variant="subtitle2" component="p">
                    {a.staffName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(a.startDate, timeZone)}
                  </Typography>
                  {a.isInternal && <Chip size="small" label="Internal" variant="outlined" />}
                </Box>
                {/* The server strips the HTML: the note is text. */}
                <Typography variant="body2" data-testid="conversation-note" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {a.note}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * The reply box at the bottom of the ticket page (new-action): the note shows in the conversation
 * at once, and the list is refreshed from the server 3 s later as requirements §3.3 says. A failed save keeps
 * the text and shows the server's message.
 */
export function ReplyBox({ ticketId }: { ticketId: number }) {
  const qc = useQueryClient();
  const showSnackbar = useSnackbar();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async () => {
    const parsed = ZCreateTicketActionRequestSchema.safeParse({ note: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Note is required');
      return;
    }
    setError(null);
    setIsSaving(true);
    try {
      const action = await createTicketAction(ticketId, textToNoteHtml(parsed.data.note));
      qc.setQueryData<Page<TicketAction>>(ticketKeys.actions(ticketId, CONVERSATION_QUERY), (old) =>
        old ? { ...old, rows: [action, ...old.rows.filter((r) => r.id !== action.id)], total: old.total + 1 } : old,
      );
      setText('');
      showSnackbar(TICKET_DETAIL_MESSAGES.actionCreated, { severity: 'success' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void invalidateTicketWrite(qc, ticketId);
      }, ACTION_REFRESH_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label="Add a note"
        multiline
        minRows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl+Enter (Cmd+Enter) sends, as in the help desks people know.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
        slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.note } }}
        helperText="Ctrl+Enter sends"
        fullWidth
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <BusyButton type="submit" variant="contained" startIcon={<SendOutlinedIcon />} busy={isSaving} disabled={text.trim() === ''}>
          Add Note
        </BusyButton>
      </Box>
    </Box>
  );
}
