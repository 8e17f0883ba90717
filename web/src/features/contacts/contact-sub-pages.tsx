import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import {
  CONTACT_MESSAGES,
  MAX_PAGE_SIZE,
  USER_TYPE_LABELS,
  ZContactSurveysRequestSchema,
  ZContactTicketsRequestSchema,
  ZDeviceListResponseSchema,
  type ContactDetail,
} from '@sc/common';
import { api, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { hrefs } from '../../app/hrefs.ts';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PagingFooter } from '../../ui/paging-footer.tsx';
import { useContact, useContactPreferences, useContactSurveys, useContactTickets } from './api.ts';

export type ContactSubPage = 'devices' | 'requests' | 'incidents' | 'surveys' | 'access' | 'preferences';

const TITLES: Record<ContactSubPage, string> = {
  devices: 'Devices',
  requests: 'Service Requests',
  incidents: 'Incidents',
  surveys: 'Surveys',
  access: 'Portal Access',
  preferences: 'E-mail Preferences',
};

/** requirements §8.1: /contact/{devices|requests|incidents|surveys|access|preferences}/{id}. */
export function ContactSubPageScreen({ page, id, timeZone }: { page: ContactSubPage; id: number; timeZone: string }) {
  const contact = useContact(id);
  if (contact.isError) {
    const e = contact.error;
    return <Alert severity="error">{isApiError(e) && e.status === 403 ? CONTACT_MESSAGES.notAuthorized : e.message}</Alert>;
  }
  if (!contact.data) return <Skeleton variant="rounded" height={200} aria-label="Loading contact" />;
  const c = contact.data;
  return (
    <>
      <PageHeader
        title={`${TITLES[page]}: ${c.displayName}`}
        subtitle={
          <Link component={RouterLink} to={`/contacts/view/${c.id}`}>
            Back to contact
          </Link>
        }
      />
      {page === 'incidents' && <TicketsTable id={id} type="Incident" timeZone={timeZone} />}
      {page === 'requests' && <TicketsTable id={id} type="ServiceRequest" timeZone={timeZone} />}
      {page === 'devices' && <DevicesTable id={id} />}
      {page === 'surveys' && <SurveysTable id={id} timeZone={timeZone} />}
      {page === 'access' && <AccessPanel contact={c} timeZone={timeZone} />}
      {page === 'preferences' && <PreferencesPanel id={id} />}
    </>
  );
}

function SimpleTable({ label, head, rows, empty, footer }: { label: string; head: string[]; rows: ReactNode[][]; empty: string; footer?: ReactNode }) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={head.length}>{empty}</TableCell>
              </TableRow>
            ) : (
              rows.map((r, i) => (
                <TableRow key={i}>
                  {r.map((cell, j) => (
                    <TableCell key={j}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer && <Box sx={{ px: 2 }}>{footer}</Box>}
    </Paper>
  );
}

function TicketsTable({ id, type, timeZone }: { id: number; type: 'Incident' | 'ServiceRequest'; timeZone: string }) {
  // The page lives in the URL (Back and reload restore it); the type comes from the route.
  const defaults = useMemo(() => ({ type }), [type]);
  const { state, update } = useListUrlState(ZContactTicketsRequestSchema, defaults);
  const q = useContactTickets(id, { ...state, type });
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <SimpleTable
      label={type === 'Incident' ? 'Incidents' : 'Service Requests'}
      head={['Number', 'Short Description', 'Status', 'Open Date']}
      empty="No Data"
      rows={q.data.rows.map((r) => [
        <Link key="n" component={RouterLink} to={type === 'Incident' ? hrefs.incidentView({ id: r.id }) : hrefs.serviceRequestView({ id: r.id })}>
          {r.ticketNo}
        </Link>,
        r.shortDescription,
        r.status,
        formatDateTime(r.openDate, timeZone),
      ])}
      footer={
        <PagingFooter page={state.page} pageSize={q.data.pageSize} count={q.data.rows.length} total={q.data.total} hasNextPage={q.data.hasNextPage} onPage={(page) => update({ page })} />
      }
    />
  );
}

function DevicesTable({ id }: { id: number }) {
  const q = useQuery({
    queryKey: queryKeys.contacts.devices(id),
    queryFn: ({ signal }) => api.get('/devices', { query: { contactId: id, pageSize: MAX_PAGE_SIZE }, schema: ZDeviceListResponseSchema, signal }),
  });
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <SimpleTable
      label="Devices"
      head={['Device Name', 'Type', 'Description', 'Serial Number']}
      empty="No Devices Found"
      rows={q.data.rows.map((d) => [d.deviceName, d.deviceType ?? '', d.description ?? '', d.serialNumber ?? ''])}
    />
  );
}

function SurveysTable({ id, timeZone }: { id: number; timeZone: string }) {
  const { state, update } = useListUrlState(ZContactSurveysRequestSchema);
  const q = useContactSurveys(id, state);
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={160} />;
  return (
    <SimpleTable
      label="Surveys"
      head={['Submitted', 'Source', 'Incident #', 'Response', 'Assigned']}
      empty="No Data"
      rows={q.data.rows.map((s) => [
        formatDateTime(s.dateSubmitted, timeZone),
        s.source ?? '',
        s.incidentId ? (
          <Link key="i" component={RouterLink} to={hrefs.incidentView({ id: s.incidentId })}>
            {s.incidentId}
          </Link>
        ) : (
          ''
        ),
        s.response > 0 ? <ThumbUpIcon key="r" color="success" fontSize="small" titleAccess="Positive" /> : <ThumbDownIcon key="r" color="error" fontSize="small" titleAccess="Negative" />,
        s.assignedTo ?? '',
      ])}
      footer={
        <PagingFooter page={state.page} pageSize={q.data.pageSize} count={q.data.rows.length} total={q.data.total} hasNextPage={q.data.hasNextPage} onPage={(page) => update({ page })} />
      }
    />
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        {items.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function AccessPanel({ contact, timeZone }: { contact: ContactDetail; timeZone: string }) {
  const a = contact.access;
  if (!a) return <Typography>This contact has no portal account.</Typography>;
  return (
    <Facts
      items={[
        ['User Name', a.userName],
        ['User Type', USER_TYPE_LABELS[a.userType]],
        ['Active', a.isActive ? 'Yes' : 'No'],
        ['E-mail verified', a.isEmailVerified ? 'Yes' : 'No'],
        ['Last login', a.lastLoginAt ? formatDateTime(a.lastLoginAt, timeZone) : 'Never'],
      ]}
    />
  );
}

function PreferencesPanel({ id }: { id: number }) {
  const q = useContactPreferences(id);
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={120} />;
  const yes = (optOut: boolean) => (optOut ? 'Opted out' : 'Subscribed');
  return (
    <Facts
      items={[
        ['Marketing e-mails', yes(q.data.optOutMarketing)],
        ['Survey e-mails', yes(q.data.optOutSurveys)],
        ['Ticket update e-mails', yes(q.data.optOutTicketUpdates)],
      ]}
    />
  );
}
