import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketSectionPage } from '../../features/ticket-detail/ticket-page.tsx';

/** /incident/actions/{id} and /servicerequest/actions/{id}: the ticket page at its conversation. */
export function Component() {
  return <TicketSectionPage section="conversation" user={useSignedInUser()} />;
}
