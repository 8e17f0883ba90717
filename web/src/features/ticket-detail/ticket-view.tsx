import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { SignedInUser, TicketDetail, TicketType } from '@sc/common';
import { fromOf, ticketHref } from '../../config/hrefs.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { StatusChip, VipMark } from '../../ui/status-chip.tsx';
import { actionsExportUrl } from './api.ts';
import { StatusUpdateAction } from './status-update-action.tsx';
import { TicketAttachments } from './ticket-attachments.tsx';
import { ReplyBox, TicketConversation } from './ticket-conversation.tsx';
import { FactList } from './ticket-fields.tsx';
import { TicketTimeline } from './ticket-timeline.tsx';

export const typeLabel = (t: TicketType): string => (t === 'Incident' ? 'Incident' : 'Service Request');

/** The sections of the ticket page the spec's routes open (requirements §3.1: actions, stats, files). */
export type TicketSection = 'conversation' | 'timeline' | 'files';

function Section({ id, title, action, children, focusOnMount }: { id: string; title: string; action?: ReactNode; children: ReactNode; focusOnMount: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    // The route named this section: bring it into view and put the keyboard there.
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0, scrollMarginTop: 80 }} id={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography ref={heading} id={`${id}-heading`} variant="h6" component="h2" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * The one ticket page (issue 14, item 8; view-incident / view-service-request): the header facts,
 * the description, the conversation of notes with a reply box, the files and the timeline. The
 * spec's /incident/actions, /incident/stats and /incident/files routes open it at that section.
 */
export function TicketView({ ticket, user, section }: { ticket: TicketDetail; user: SignedInUser; section?: TicketSection }) {
  const location = useLocation();
  const tz = user.timeZone;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, tz) : null);
  const from = fromOf(location.state);
  const isRequest = ticket.ticketType === 'ServiceRequest';
  const isUser = user.userType === 'User';

  const header: [string, ReactNode][] = [
    ['Number', ticket.ticketNo],
    ['Status', <StatusChip key="s" status={ticket.status} />],
    ['Priority', ticket.priorityName],
    ...(isUser ? [] : ([['Assigned To', ticket.assignedToName]] as [string, ReactNode][])),
    ['Contact', ticket.contactName],
    ['Opened', date(ticket.openDate)],
    ...(ticket.closedDate ? ([['Closed', date(ticket.closedDate)]] as [string, ReactNode][]) : []),
    ...(isRequest
      ? ([
          ['Requested Start', date(ticket.requestedStartDate)],
          ['Requested End', date(ticket.requestedEndDate)],
        ] as [string, ReactNode][])
      : []),
  ];
  const details: [string, ReactNode][] = [
    ['Type', typeLabel(ticket.ticketType)],
    ['Device', ticket.deviceName],
    ['Site', ticket.siteName],
    ['Department', ticket.departmentName],
    ['Severity', ticket.severityName],
    ['Class', ticket.className],
    ['Subclass', ticket.subclassName],
    ['VIP', ticket.isVip ? <VipMark key="v" /> : 'No'],
  ];

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <PageHeader
        title={`${isRequest ? 'View Service Request' : 'View Incident'} ${ticket.ticketNo}`}
        subtitle={ticket.shortDescription}
        toolbar={
          <>
            {ticket.canEdit && (
              <Button variant="contained" startIcon={<EditOutlinedIcon />} component={RouterLink} to={ticketHref(ticket.ticketType, 'edit', ticket.id)} state={{ from: from ?? location.pathname }}>
                Edit
              </Button>
            )}
            <StatusUpdateAction ticketId={ticket.id} />
            {/* The spec's routes, each opening this page at its section. */}
            <Button component={RouterLink} to={ticketHref(ticket.ticketType, 'actions', ticket.id)}>
              Notes
            </Button>
            <Button component={RouterLink} to={ticketHref(ticket.ticketType, 'files', ticket.id)}>
              Files
            </Button>
            <Button component={RouterLink} to={ticketHref(ticket.ticketType, 'stats', ticket.id)}>
              Timeline
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} aria-label="Ticket summary" component="section">
        <FactList items={header} />
      </Paper>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Section id="description" title="Description" focusOnMount={false}>
            {/* Plain text: never rendered as HTML. */}
            <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {ticket.description || '—'}
            </Typography>
          </Section>
          <Section
            id="conversation"
            title="Conversation"
            focusOnMount={section === 'conversation'}
            action={
              <Button size="small" startIcon={<FileDownloadOutlinedIcon />} href={actionsExportUrl(ticket.id)} download>
                Export
              </Button>
            }
          >
            <TicketConversation ticketId={ticket.id} timeZone={tz} />
            <Box sx={{ mt: 3 }}>
              <ReplyBox ticketId={ticket.id} />
            </Box>
          </Section>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Section id="files" title="Files" focusOnMount={section === 'files'}>
            <TicketAttachments ticketId={ticket.id} canAdd={ticket.canEdit} timeZone={tz} />
          </Section>
          <Section id="details" title="Details" focusOnMount={false}>
            <DetailList items={details} />
          </Section>
          <Section id="timeline" title="Timeline" focusOnMount={section === 'timeline'}>
            <TicketTimeline ticketId={ticket.id} timeZone={tz} />
          </Section>
        </Box>
      </Box>
    </Box>
  );
}

function DetailList({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
