import { useLocation, useNavigate } from 'react-router';
import { ticketTypeOfSegment } from '@sc/common';
import { TicketPickerDialog } from '../../features/ticket-picker/ticket-picker-dialog.tsx';
import { fromOf, ticketListHref } from '../../config/hrefs.ts';

/**
 * /incident/add and /servicerequest/add without an id: a new ticket starts by picking whom it is for.
 * The list screens' New button opens it with `{ from }`: Cancel goes back there, and the add route returns there.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const ticketType = ticketTypeOfSegment(location.pathname.split('/')[1]);
  const from = fromOf(location.state);
  return <TicketPickerDialog open ticketType={ticketType} from={from} onClose={() => void navigate(from ?? ticketListHref(ticketType, true), { replace: true })} />;
}
