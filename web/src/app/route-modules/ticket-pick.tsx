import { useLocation, useNavigate } from 'react-router';
import { TicketPickerDialog } from '../../features/ticket-picker/ticket-picker-dialog.tsx';
import { hrefs } from '../../config/hrefs.ts';

/** The list screen that sent the user here (navigation state `{ from }`), if any. */
function fromOf(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) return state.from;
  return undefined;
}

/**
 * /incident/add and /servicerequest/add without an id: a new ticket starts by picking whom it is for.
 * The list screens' New button opens it with `{ from }`: Cancel goes back there, and the add route returns there.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const isRequest = location.pathname.startsWith('/servicerequest');
  const from = fromOf(location.state);
  return (
    <TicketPickerDialog
      open
      ticketType={isRequest ? 'ServiceRequest' : 'Incident'}
      from={from}
      onClose={() => void navigate(from ?? (isRequest ? hrefs.myRequests() : hrefs.myIncidents()), { replace: true })}
    />
  );
}
