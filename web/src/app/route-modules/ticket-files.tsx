import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketSectionPage } from '../../features/ticket-detail/ticket-page.tsx';

/** /incident/files/{id}: the ticket page at its files. */
export function Component() {
  return <TicketSectionPage section="files" user={useSignedInUser()} />;
}
