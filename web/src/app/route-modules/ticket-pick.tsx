import { useLocation, useNavigate } from 'react-router';
import { TicketPickerDialog } from '../../features/ticket-picker/ticket-picker-dialog.tsx';

/** /incident/add and /servicerequest/add without an id: a new ticket starts by picking whom it is for. */
export function Component() {
  const navigate = useNavigate();
  const isRequest = useLocation().pathname.startsWith('/servicerequest');
  return (
    <TicketPickerDialog
      open
      ticketType={isRequest ? 'ServiceRequest' : 'Incident'}
      onClose={() => void navigate(isRequest ? '/myrequests/' : '/myincidents/', { replace: true })}
    />
  );
}
