import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotesOutlinedIcon from '@mui/icons-material/NotesOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { SignedInUser, TicketTimelineEvent } from '@sc/common';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useTicket, useTicketTimeline } from './api.ts';
import { TicketLoadError, TicketSkeleton } from './ticket-page.tsx';
import { kindOfType, ticketPath } from './ticket-paths.ts';

const ICONS: Record<TicketTimelineEvent['kind'], typeof NotesOutlinedIcon> = {
  created: AddCircleOutlineIcon,
  status: SwapHorizIcon,
  updated: EditOutlinedIcon,
  note: NotesOutlinedIcon,
};

/** /incident/stats/{id}: the ticket's timeline — created, status changes, edits and notes, oldest first. */
export function TicketStatsPage({ user }: { user: SignedInUser }) {
  const { id = '' } = useParams();
  const ticketId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const ticket = useTicket(ticketId, ticketId > 0);
  const timeline = useTicketTimeline(ticketId);
  if (ticketId < 1) return <TicketLoadError message="Not Found" />;
  if (ticket.isPending) return <TicketSkeleton />;
  if (ticket.isError) return <TicketLoadError message={ticket.error.message} />;
  const t = ticket.data;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={`${t.ticketNo} Timeline`}
        subtitle={t.shortDescription}
        toolbar={
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={ticketPath(kindOfType(t.ticketType), 'view', t.id)}>
            Back to {t.ticketNo}
          </Button>
        }
      />
      {timeline.isPending && <TicketSkeleton />}
      {timeline.isError && <TicketLoadError message={timeline.error.message} />}
      {timeline.data && (
        <Paper variant="outlined" component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: { xs: 2, sm: 3 } }}>
          {timeline.data.events.map((e, i) => {
            const Icon = ICONS[e.kind];
            return (
              <Box component="li" key={`${e.at}-${i}`} sx={{ display: 'flex', gap: 2, pb: 2, position: 'relative' }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  <Icon color={e.kind === 'status' ? 'secondary' : 'primary'} aria-hidden />
                  {i < timeline.data.events.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="subtitle2" component="p">
                    {e.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(e.at, user.timeZone)}
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
        </Paper>
      )}
    </Box>
  );
}
