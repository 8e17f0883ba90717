import { canManageContacts } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ViewInvitesPage } from '../../features/invitations/view-invites-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const user = useSignedInUser();
  return (
    <RequireRole allowed={canManageContacts(user)}>
      <ViewInvitesPage timeZone={user.timeZone} />
    </RequireRole>
  );
}
