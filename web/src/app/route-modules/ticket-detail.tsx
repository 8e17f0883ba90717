import { useLocation } from 'react-router';
import { ticketTypeOfSegment } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketPage } from '../../features/ticket-detail/ticket-page.tsx';

/** /incident|servicerequest/view|edit|add/{id}: the path's first two segments say which. */
export function Component() {
  const [, segment, mode] = useLocation().pathname.split('/');
  return <TicketPage type={ticketTypeOfSegment(segment)} mode={mode === 'edit' ? 'edit' : mode === 'add' ? 'add' : 'view'} user={useSignedInUser()} />;
}
