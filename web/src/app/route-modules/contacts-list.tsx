import { canManageContacts } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ContactsListPage } from '../../features/contacts/contacts-list-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  return (
    <RequireRole allowed={canManageContacts(useSignedInUser())}>
      <ContactsListPage />
    </RequireRole>
  );
}
