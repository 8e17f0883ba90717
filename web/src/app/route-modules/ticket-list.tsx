import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ticketListRouteOf } from '../../features/tickets/list-prefetch.ts';
import { TicketListPage } from '../../features/tickets/ticket-list-page.tsx';
import { titleForPath } from '../../config/routes.ts';

/**
 * /incidents, /requests (Org Tickets) and /myincidents/{some?}, /myrequests/{some?} (My Tickets, requirements §2.1).
 * Every signed-in type may open them: the server gives a User only its own contact's tickets.
 */
export function Component() {
  const { pathname } = useLocation();
  const { kind, mine } = ticketListRouteOf(pathname);
  // A key per list: leaving /incidents for /requests starts afresh (requirements §2.3: the saved-filter popup state is cleared).
  return <TicketListPage key={`${kind}-${mine}`} kind={kind} mine={mine} title={titleForPath(pathname)} user={useSignedInUser()} />;
}
