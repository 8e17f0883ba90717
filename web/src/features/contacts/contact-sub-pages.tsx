import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  CONTACT_MESSAGES,
  DEVICE_MESSAGES,
  listMetaOf,
  MAX_PAGE_SIZE,
  USER_TYPE_LABELS,
  ZContactTicketsRequestSchema,
  ZDeviceListRequestSchema,
  ZDeviceListResponseSchema,
  type ContactDetail,
  type ContactTicketRow,
  type Device,
  type TicketType,
} from '@sc/common';
import { api, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { hrefs, ticketHref } from '../../config/hrefs.ts';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useContact, useContactPreferences, useContactTickets } from './api.ts';

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
export function ContactSubPageScreen({ page, id, timeZone, surveys }: { page: ContactSubPage; id: number; timeZone: string; surveys: (frame: Frame) => ReactNode }) {
  const contact = useContact(id);
  if (contact.isError) {
    const e = contact.error;
    return <Alert severity="error">{isApiError(e) && e.status === 403 ? CONTACT_MESSAGES.notAuthorized : e.message}</Alert>;
  }
  if (!contact.data) return <Skeleton variant="rounded" height={200} aria-label="Loading contact" />;
  const c = contact.data;
  const frame: Frame = {
    title: `${TITLES[page]}: ${c.displayName}`,
    subtitle: (
      <Link component={RouterLink} to={hrefs.contactView({ id: c.id })}>
        Back to contact
      </Link>
    ),
  };
  if (page === 'incidents') return <TicketsTable frame={frame} id={id} type="Incident" timeZone={timeZone} />;
  if (page === 'requests') return <TicketsTable frame={frame} id={id} type="ServiceRequest" timeZone={timeZone} />;
  if (page === 'devices') return <DevicesTable frame={frame} id={id} />;
  // The surveys feature's screen, composed by the route module (features do not import each other).
  if (page === 'surveys') return <>{surveys(frame)}</>;
  return (
    <>
      <PageHeader {...frame} />
      {page === 'access' && <AccessPanel contact={c} timeZone={timeZone} />}
      {page === 'preferences' && <PreferencesPanel id={id} />}
    </>
  );
}

/** The sub-page's title and its way back to the contact. */
interface Frame {
  title: string;
  subtitle: ReactNode;
}

const CONTACT_TICKETS = listMetaOf(ZContactTicketsRequestSchema);

function TicketsTable({ frame, id, type, timeZone }: { frame: Frame; id: number; type: TicketType; timeZone: string }) {
  // The page and order live in the URL (Back and reload restore them); the type comes from the route.
  const defaults = useMemo(() => ({ type }), [type]);
  const url = useListUrlState(ZContactTicketsRequestSchema, defaults);
  const { state } = url;
  const q = useContactTickets(id, { ...state, type });
  const columns = useMemo<GridColDef<ContactTicketRow>[]>(
    () => [
      {
        field: 'id',
        headerName: 'Number',
        minWidth: 120,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={ticketHref(type, 'view', row.id)}>
            {row.ticketNo}
          </Link>
        ),
      },
      { field: 'shortDescription', headerName: 'Short Description', flex: 2, minWidth: 200, sortable: false },
      { field: 'status', headerName: 'Status', minWidth: 110, sortable: false },
      { field: 'openDate', headerName: 'Open Date', sortable: false, ...dateTimeColumn(timeZone) },
    ],
    [type, timeZone],
  );
  return (
    <ListScreen {...frame} order={sortLabel('number', state.direction, 'date')}>
      <ListGrid
        label={type === 'Incident' ? 'Incidents' : 'Service Requests'}
        list={q}
        isFiltered={false}
        emptyText={LIST_TEXTS.noData}
        url={url}
        meta={CONTACT_TICKETS}
        columns={columns}
        disableRowSelectionOnClick
      />
    </ListScreen>
  );
}

const DEVICE_COLUMNS: GridColDef<Device>[] = [
  { field: 'deviceName', headerName: 'Device Name', flex: 1, minWidth: 160 },
  { field: 'deviceType', headerName: 'Type', minWidth: 120, sortable: false },
  { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 180, sortable: false },
  { field: 'serialNumber', headerName: 'Serial Number', minWidth: 140, sortable: false },
];
const DEVICE_LIST = listMetaOf(ZDeviceListRequestSchema);
/** A contact's devices come on one page of up to 100, as before; more pages if there are more. */
const DEVICE_DEFAULTS = { pageSize: MAX_PAGE_SIZE };

function DevicesTable({ frame, id }: { frame: Frame; id: number }) {
  const url = useListUrlState(ZDeviceListRequestSchema, DEVICE_DEFAULTS);
  const { state } = url;
  const request = { ...state, contactId: id };
  const q = useQuery({
    queryKey: queryKeys.contacts.devices(id, request),
    queryFn: ({ signal }) => api.get('/devices', { query: request, schema: ZDeviceListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <ListScreen {...frame} order={sortLabel('Device Name', state.direction)}>
      <ListGrid
        label="Devices"
        list={q}
        isFiltered={false}
        emptyText={DEVICE_MESSAGES.noDevices}
        url={url}
        meta={DEVICE_LIST}
        columns={DEVICE_COLUMNS}
        disableRowSelectionOnClick
      />
    </ListScreen>
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
