import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketSectionPage } from '../../features/ticket-detail/ticket-page.tsx';

/** /incident/stats/{id}: the ticket page at its timeline. */
export function Component() {
  return <TicketSectionPage section="timeline" user={useSignedInUser()} />;
}
