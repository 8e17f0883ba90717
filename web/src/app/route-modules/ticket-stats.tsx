import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketStatsPage } from '../../features/ticket-detail/ticket-stats-page.tsx';

/** /incident/stats/{id}. */
export function Component() {
  return <TicketStatsPage user={useSignedInUser()} />;
}
