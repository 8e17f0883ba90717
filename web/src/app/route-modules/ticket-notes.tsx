import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketNotesPage } from '../../features/ticket-detail/ticket-notes-page.tsx';

/** /incident/actions/{id} and /servicerequest/actions/{id}. */
export function Component() {
  const isRequest = useLocation().pathname.startsWith('/servicerequest');
  return <TicketNotesPage kind={isRequest ? 'servicerequest' : 'incident'} user={useSignedInUser()} />;
}
