import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotesOutlinedIcon from '@mui/icons-material/NotesOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import AttachFileOutlinedIcon from '@mui/icons-material/AttachFileOutlined';
import type { SignedInUser, TicketDetail } from '@sc/common';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { StatusChip, VipMark } from '../../ui/status-chip.tsx';
import { StatusUpdateAction } from './status-update-action.tsx';
import { FactList } from './ticket-fields.tsx';
import { filesPath, fromOf, kindOfType, statsPath, ticketPath } from './ticket-paths.ts';

export const typeLabel = (t: TicketDetail['ticketType']): string => (t === 'Incident' ? 'Incident' : 'Service Request');

/** The view mode of a ticket (view-incident / view-service-request): its fields and what the caller may do. */
export function TicketView({ ticket, user }: { ticket: TicketDetail; user: SignedInUser }) {
  const location = useLocation();
  const kind = kindOfType(ticket.ticketType);
  const tz = user.timeZone;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, tz) : null);
  const from = fromOf(location.state);
  const isRequest = ticket.ticketType === 'ServiceRequest';

  const facts: [string, React.ReactNode][] = [
    ['Number', ticket.ticketNo],
    ['Type', typeLabel(ticket.ticketType)],
    ['Status', <StatusChip key="s" status={ticket.status} />],
    ['Contact', ticket.contactName],
    ['Device', ticket.deviceName],
    ['Site', ticket.siteName],
    ['Department', ticket.departmentName],
    ['Priority', ticket.priorityName],
    ['Severity', ticket.severityName],
    ['Class', ticket.className],
    ['Subclass', ticket.subclassName],
    ...(user.userType === 'User' ? [] : ([['Assigned To', ticket.assignedToName]] as [string, React.ReactNode][])),
    ...(isRequest
      ? ([
          ['Requested Start', date(ticket.requestedStartDate)],
          ['Requested End', date(ticket.requestedEndDate)],
        ] as [string, React.ReactNode][])
      : []),
    ['Opened', date(ticket.openDate)],
    ['Closed', date(ticket.closedDate)],
    ['VIP', ticket.isVip ? <VipMark key="v" /> : 'No'],
  ];

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={`${isRequest ? 'View Service Request' : 'View Incident'} ${ticket.ticketNo}`}
        subtitle={ticket.shortDescription}
        toolbar={
          <>
            {ticket.canEdit && (
              <Button variant="contained" startIcon={<EditOutlinedIcon />} component={RouterLink} to={ticketPath(kind, 'edit', ticket.id)} state={{ from: from ?? location.pathname }}>
                Edit
              </Button>
            )}
            <Button variant="outlined" startIcon={<NotesOutlinedIcon />} component={RouterLink} to={ticketPath(kind, 'actions', ticket.id)}>
              Notes
            </Button>
            <Button variant="outlined" startIcon={<TimelineOutlinedIcon />} component={RouterLink} to={statsPath(ticket.id)}>
              Stats
            </Button>
            <Button variant="outlined" startIcon={<AttachFileOutlinedIcon />} component={RouterLink} to={filesPath(ticket.id)}>
              Files
            </Button>
            <StatusUpdateAction ticketId={ticket.id} />
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FactList items={facts} />
        <Box>
          <Typography variant="caption" color="text.secondary" component="h2">
            Description
          </Typography>
          {/* Plain text: never rendered as HTML. */}
          <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ticket.description || '—'}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
