import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketFilesPage } from '../../features/ticket-detail/ticket-files-page.tsx';

/** /incident/files/{id}. */
export function Component() {
  return <TicketFilesPage user={useSignedInUser()} />;
}
