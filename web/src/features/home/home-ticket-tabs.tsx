import { hrefs } from '../../config/hrefs.ts';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isCustomerUser, type SignedInUser, type TicketListRequestInput, type TicketType } from '@sc/common';
import type { HomeTicketScope } from './api.ts';
import { HomeTicketGrid } from './home-ticket-grid.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';

interface HomeTab {
  id: string;
  label: string;
  type: TicketType;
  scope: HomeTicketScope;
  /** The full list this tab is the start of. */
  fullList: (user: SignedInUser) => string;
}

/** The full lists open on every status, as the home grid shows them. */
const ALL: TicketListRequestInput = { status: '<ALL>' };
const ASSIGNED_ALL: TicketListRequestInput = { assigned: 'me', ...ALL };

/** requirements §2.1: the four tabs of the home page. A User has no Org Tickets screens, so its lists are My Tickets. */
export const HOME_TABS: readonly HomeTab[] = [
  { id: 'my-incidents', label: 'My Incidents', type: 'Incident', scope: 'mine', fullList: () => hrefs.myIncidents(undefined, ALL) },
  { id: 'my-requests', label: 'My Requests', type: 'ServiceRequest', scope: 'mine', fullList: () => hrefs.myRequests(undefined, ALL) },
  {
    id: 'assigned-incidents',
    label: 'My Assigned Incs',
    type: 'Incident',
    scope: 'assigned',
    fullList: (u) => (isCustomerUser(u) ? hrefs.myIncidents(undefined, ALL) : hrefs.incidents(undefined, ASSIGNED_ALL)),
  },
  {
    id: 'assigned-requests',
    label: 'My Assigned Reqs',
    type: 'ServiceRequest',
    scope: 'assigned',
    fullList: (u) => (isCustomerUser(u) ? hrefs.myRequests(undefined, ALL) : hrefs.requests(undefined, ASSIGNED_ALL)),
  },
];

const HOME_TAB_IDS = HOME_TABS.map((t) => t.id) as [string, ...string[]];
/**
 * The home page's URL state (`?tab=`), parsed like a list's (useListUrlState): an unknown tab falls back to
 * the first, which the URL leaves out.
 */
export const ZHomeUrlSchema = z.object({ tab: z.enum(HOME_TAB_IDS).default(HOME_TAB_IDS[0]) });

/** The tabs with their short grids; the open tab is kept in the URL (?tab=) so Back and reload keep it. */
export function HomeTicketTabs({ user }: { user: SignedInUser }) {
  const { state, update } = useListUrlState(ZHomeUrlSchema);
  const current = HOME_TABS.find((t) => t.id === state.tab) ?? HOME_TABS[0]!;
  // Switching tabs replaces the history entry: Back leaves the home page rather than stepping through tabs.
  const select = (tab: string) => update({ tab }, { replace: true });

  return (
    <Paper variant="outlined" component="section" aria-label="My tickets">
      <Tabs
        value={current.id}
        onChange={(_e, id: string) => select(id)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Ticket lists"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {HOME_TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`home-tab-${t.id}`} aria-controls={`home-tabpanel-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`home-tabpanel-${current.id}`} aria-labelledby={`home-tab-${current.id}`}>
        <HomeTicketGrid key={current.id} user={user} type={current.type} scope={current.scope} label={current.label} />
        <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', justifyContent: 'flex-end' }}>
          <Link component={RouterLink} to={current.fullList(user)}>
            View all {current.label}
          </Link>
        </Box>
      </Box>
    </Paper>
  );
}
