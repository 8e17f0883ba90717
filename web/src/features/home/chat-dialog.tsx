import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CHAT_DIALOG_TITLE } from '@sc/common';

interface ChatDialogProps {
  open: boolean;
  onClose: () => void;
  /** The configured external help-desk chat page. */
  chatUrl: string;
  /** 'Chat with Us' or 'Techy': names the embedded page for screen readers. */
  chatName: string;
  /** The running chat; null before the first open and after a chat ended. */
  chatId: string | null;
}

/** The chat page with this chat's id, so the help desk can match the end-chat beacon to its chat. */
function chatSource(chatUrl: string, chatId: string): string {
  const url = new URL(chatUrl, window.location.href);
  url.searchParams.set('chatId', chatId);
  return url.toString();
}

/**
 * requirements §4.1: the 'Chat with Us' dialog embeds the external help-desk page. Kept mounted while closed so the
 * conversation survives closing and reopening; a new chat (after the page was hidden) gets a fresh frame.
 */
export function ChatDialog({ open, onClose, chatUrl, chatName, chatId }: ChatDialogProps) {
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const src = useMemo(() => (chatId ? chatSource(chatUrl, chatId) : null), [chatUrl, chatId]);
  return (
    <Dialog open={open} onClose={onClose} keepMounted={!!src} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="chat-dialog-title">
      <DialogTitle id="chat-dialog-title">{CHAT_DIALOG_TITLE}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: { xs: '100%', sm: 560 }, display: 'flex' }}>
        {src && <iframe key={src} title={`${chatName}: chat with the help desk`} src={src} style={{ border: 0, width: '100%', flex: 1 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
