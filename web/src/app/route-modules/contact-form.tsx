import { useLocation, useParams } from 'react-router';
import { canManageContacts, MESSAGES } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ContactFormPage, type ContactFormMode } from '../../features/contacts/contact-form-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const mode: ContactFormMode = pathname.startsWith('/contacts/edit/') ? 'edit' : pathname.startsWith('/contacts/view/') ? 'view' : 'add';
  const numericId = id === undefined ? undefined : Number(id);
  const isBadId = mode !== 'add' && !(Number.isInteger(numericId) && numericId! > 0);
  return (
    <RequireRole allowed={canManageContacts(useSignedInUser())}>
      {isBadId ? MESSAGES.noMatchForPath : <ContactFormPage key={pathname} mode={mode} id={numericId} />}
    </RequireRole>
  );
}
