import { useMatch } from 'react-router';
import { RequestCalendarPage } from '../../features/tickets/request-calendar-page.tsx';
import { ROUTES } from '../../config/routes.ts';

/** /requests/calendar and /myrequests/calendar (own contact only): one lazy chunk with react-big-calendar. */
export function Component() {
  const mine = useMatch(ROUTES.myRequestCalendar.path) !== null;
  // A new key per scope: the search box's state does not carry from one page to the other.
  return <RequestCalendarPage key={mine ? 'mine' : 'all'} mine={mine} />;
}
