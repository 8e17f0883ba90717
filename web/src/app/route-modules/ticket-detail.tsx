import { useLocation } from 'react-router';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { TicketPage } from '../../features/ticket-detail/ticket-page.tsx';

/** /incident|servicerequest/view|edit|add/{id}: the path's first two segments say which. */
export function Component() {
  const [, kind, mode] = useLocation().pathname.split('/');
  return (
    <TicketPage
      kind={kind === 'servicerequest' ? 'servicerequest' : 'incident'}
      mode={mode === 'edit' ? 'edit' : mode === 'add' ? 'add' : 'view'}
      user={useSignedInUser()}
    />
  );
}
