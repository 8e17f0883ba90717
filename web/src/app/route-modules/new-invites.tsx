import { canManageContacts } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { NewInvitesPage } from '../../features/invitations/new-invites-page.tsx';
import { RegistrationLinkCard } from '../../features/invitations/registration-link-card.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  return (
    <RequireRole allowed={canManageContacts(useSignedInUser())}>
      <NewInvitesPage />
      <RegistrationLinkCard />
    </RequireRole>
  );
}
