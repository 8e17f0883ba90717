import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../ui/dates.ts';
import { useLatestActions } from './api.ts';

/** requirements §2.6: the Last Action Taken popup closes by itself after 5 s. */
const LAST_ACTION_AUTO_CLOSE_MS = 5000;

interface LastActionPopoverProps {
  /** The incident whose actions are shown; null when closed. */
  ticket: { id: number; ticketNo: string } | null;
  anchor: HTMLElement | null;
  timeZone: string;
  onClose: () => void;
}

/** Last Action Taken (requirements §2.1, §2.2 'Incident action'): the five latest actions (requirements §2.3) of an incident, as plain text, authors by name. */
export function LastActionPopover({ ticket, anchor, timeZone, onClose }: LastActionPopoverProps) {
  const titleId = useId();
  const actions = useLatestActions(ticket?.id ?? null);
  const open = ticket !== null && anchor !== null;

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, LAST_ACTION_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, ticket?.id, onClose]);

  const rows = actions.data?.rows ?? [];
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      // The grid must not scroll sideways: no scroll lock on the page, and focus goes back to the
      // Last Action button without scrolling the grid to it (MUI's own restore scrolls).
      disableScrollLock
      disableRestoreFocus
      slotProps={{
        transition: { onExited: () => anchor?.focus({ preventScroll: true }) },
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(520px, calc(100vh - 32px))', p: 2 } },
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {`Last Action Taken${ticket ? ` – ${ticket.ticketNo}` : ''}`}
      </Typography>
      {actions.isPending ? (
        <Typography role="status">Loading...</Typography>
      ) : actions.error ? (
        <Typography color="error">{actions.error.message}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No Actions</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((a, i) => (
            <li key={a.actionId}>
              {i > 0 && <Divider sx={{ my: 1 }} />}
              <Typography variant="caption" color="text.secondary" component="p">
                {[formatDateTime(a.startDate, timeZone), a.staffName, a.status].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {a.actionDesc}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Popover>
  );
}
