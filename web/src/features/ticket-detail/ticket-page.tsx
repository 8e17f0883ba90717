import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { assigneeKeyOf, TICKET_MESSAGES, type SignedInUser, type TicketType, type UpdateTicketRequest, type CreateTicketRequest } from '@sc/common';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateTicketWrite } from '../../api/query-keys.ts';
import { fromOf, ticketHref, ticketListHref } from '../../config/hrefs.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { TicketLoadError } from './ticket-load-error.tsx';
import { createTicket, useNewTicketDraft, useTicket, useUpdateTicket, type DraftParams } from './api.ts';
import { TicketEditor } from './ticket-editor.tsx';
import { createBody, updateBody, valuesOfDraft, valuesOfTicket } from './ticket-form-values.ts';
import { TicketView, typeLabel, type TicketSection } from './ticket-view.tsx';

type TicketMode = 'view' | 'edit' | 'add';

const TITLES: Record<TicketType, Record<TicketMode, string>> = {
  Incident: { view: 'View Incident', edit: 'Edit Incident', add: 'New Incident' },
  ServiceRequest: { view: 'View Service Request', edit: 'Update Service Request', add: 'New Service Request' },
};

function TicketSkeleton() {
  return (
    <Box sx={{ maxWidth: 960 }} aria-busy="true" aria-label="Loading">
      <Skeleton variant="text" width="40%" height={48} />
      <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
    </Box>
  );
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : 'An Error Occurred');

/** /incident|servicerequest/view|edit|add/{id} (requirements §3.1, §3.3). */
export function TicketPage({ type, mode, user }: { type: TicketType; mode: TicketMode; user: SignedInUser }) {
  const { id = '' } = useParams();
  if (mode === 'add') return <NewTicket key={`${type}-${id}`} type={type} user={user} routeId={id} />;
  const ticketId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(ticketId) || ticketId < 1) return <TicketLoadError message="Not Found" />;
  return <ExistingTicket key={`${type}-${mode}-${ticketId}`} type={type} mode={mode} user={user} ticketId={ticketId} />;
}

/**
 * /incident/actions/{id}, /servicerequest/actions/{id}, /incident/stats/{id}, /incident/files/{id}:
 * the one ticket page, opened at that section (issue 14, item 8).
 */
export function TicketSectionPage({ section, user }: { section: TicketSection; user: SignedInUser }) {
  const { id = '' } = useParams();
  const ticketId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(ticketId) || ticketId < 1) return <TicketLoadError message="Not Found" />;
  return <ExistingSection key={`${section}-${ticketId}`} section={section} user={user} ticketId={ticketId} />;
}

function ExistingSection({ section, user, ticketId }: { section: TicketSection; user: SignedInUser; ticketId: number }) {
  const query = useTicket(ticketId);
  if (query.isPending) return <TicketSkeleton />;
  if (query.isError || !query.data) return <TicketLoadError message={errorText(query.error)} />;
  return <TicketView ticket={query.data} user={user} section={section} />;
}

function ExistingTicket({ type, mode, user, ticketId }: { type: TicketType; mode: 'view' | 'edit'; user: SignedInUser; ticketId: number }) {
  const location = useLocation();
  const query = useTicket(ticketId);
  const update = useUpdateTicket(ticketId);
  const ticket = query.data;

  if (query.isPending) return <TicketSkeleton />;
  if (query.isError || !ticket) return <TicketLoadError message={errorText(query.error)} />;

  // requirements §3.1: an incident whose IncidentType is not 'Incident' opens as a service request; a link
  // to read it (view) stays a view (issue 14, item 8), only the edit route goes to the edit route.
  if (ticket.ticketType !== type) return <Navigate replace to={ticketHref(ticket.ticketType, mode, ticket.id)} state={location.state as unknown} />;

  if (mode === 'edit' && !ticket.canEdit) return <EditRefused type={type} ticketId={ticket.id} message={ticket.editRefusal ?? TICKET_MESSAGES.notAuthorizedToEdit} />;
  if (mode === 'view') return <TicketView ticket={ticket} user={user} />;

  const tz = user.timeZone;
  return (
    <TicketEditor
      mode="edit"
      user={user}
      ticketType={ticket.ticketType}
      title={`${TITLES[type].edit} ${ticket.ticketNo}`}
      facts={[
        ['Number', ticket.ticketNo],
        ['Type', typeLabel(ticket.ticketType)],
        ['Status', <StatusChip key="s" status={ticket.status} />],
        ['Contact', ticket.contactName],
        ['Device', ticket.deviceName],
        ['Opened', formatDateTime(ticket.openDate, tz)],
        ['Closed', ticket.closedDate ? formatDateTime(ticket.closedDate, tz) : null],
      ]}
      defaultValues={valuesOfTicket(ticket, tz)}
      save={(values, ctx) => update.mutateAsync(updateBody(values, ctx, ticket.version) as UpdateTicketRequest)}
      cancelPath={ticketHref(type, 'view', ticket.id)}
      currentAssignee={{ key: assigneeKeyOf(ticket), name: ticket.assignedToName }}
    />
  );
}

/** requirements §3.3: a User or OperatorLimited who is not the ticket's contact is sent to the view route with the message. */
function EditRefused({ type, ticketId, message }: { type: TicketType; ticketId: number; message: string }) {
  const showSnackbar = useSnackbar();
  const location = useLocation();
  useEffect(() => showSnackbar(message, { severity: 'error' }), [message, showSnackbar]);
  return <Navigate replace to={ticketHref(type, 'view', ticketId)} state={location.state as unknown} />;
}

const CREATE_TYPES: readonly DraftParams['type'][] = ['contact', 'device', 'primaryContact'];
const DEVICE_TYPES: readonly DraftParams['devicetype'][] = ['device', 'kaseya', 'ncentral'];

function NewTicket({ type: ticketType, user, routeId }: { type: TicketType; user: SignedInUser; routeId: string }) {
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const location = useLocation();
  const rawType = search.get('type') ?? 'contact';
  const rawDevice = search.get('devicetype') ?? 'device';
  const type = CREATE_TYPES.find((t) => t === rawType);
  const devicetype = DEVICE_TYPES.find((t) => t === rawDevice);
  const params: DraftParams = { type: type ?? 'contact', id: routeId, devicetype: devicetype ?? 'device' };
  const draft = useNewTicketDraft(params, !!type && !!devicetype);

  if (!type || !devicetype) return <TicketLoadError message="Invalid Parameters..." />;
  if (draft.isPending) return <TicketSkeleton />;
  if (draft.isError) return <TicketLoadError message={errorText(draft.error)} />;
  const d = draft.data;
  const facts: [string, ReactNode][] = [
    ['Type', typeLabel(ticketType)],
    ['Contact', d.contactName],
    ['Device', d.deviceName],
  ];
  return (
    <TicketEditor
      mode="add"
      user={user}
      ticketType={ticketType}
      title={TITLES[ticketType].add}
      facts={facts}
      defaultValues={valuesOfDraft(d)}
      save={async (values, ctx) => {
        const created = await createTicket(params.type, createBody(values, ctx, d) as CreateTicketRequest);
        // The new ticket shows on its lists, the home page and the contact's pages at once.
        await invalidateTicketWrite(qc, created.id);
        return created;
      }}
      cancelPath={fromOf(location.state) ?? ticketListHref(ticketType)}
    />
  );
}
