import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotesOutlinedIcon from '@mui/icons-material/NotesOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { TicketTimelineEvent } from '@sc/common';
import { formatDateTime } from '../../ui/dates.ts';
import { useTicketTimeline } from './api.ts';
import { TicketLoadError } from './ticket-load-error.tsx';

const ICONS: Record<TicketTimelineEvent['kind'], typeof NotesOutlinedIcon> = {
  created: AddCircleOutlineIcon,
  status: SwapHorizIcon,
  updated: EditOutlinedIcon,
  note: NotesOutlinedIcon,
};

/** The ticket's timeline: created, status changes, edits and notes, oldest first. */
export function TicketTimeline({ ticketId, timeZone }: { ticketId: number; timeZone: string }) {
  const timeline = useTicketTimeline(ticketId);
  if (timeline.isPending) return <Typography color="text.secondary">Loading...</Typography>;
  if (timeline.isError) return <TicketLoadError message={timeline.error.message} />;
  const { events, olderNotes } = timeline.data;
  return (
    <>
      {olderNotes > 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`${olderNotes} older ${olderNotes === 1 ? 'note is' : 'notes are'} not shown here: the ticket's notes list has every note.`}
        </Typography>
      )}
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => {
        const Icon = ICONS[e.kind];
        return (
          <Box component="li" key={`${e.at}-${i}`} sx={{ display: 'flex', gap: 2, pb: 2 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Icon color={e.kind === 'status' ? 'secondary' : 'primary'} aria-hidden />
              {i < events.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="subtitle2" component="p">
                {e.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(e.at, timeZone)}
                {e.by ? ` · ${e.by}` : ''}
              </Typography>
              {e.detail && (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e.detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
    </>
  );
}
