import { canSeeOutgoingMail } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { OutgoingMailPage } from '../../features/outgoing-mail/outgoing-mail-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const user = useSignedInUser();
  return (
    <RequireRole allowed={canSeeOutgoingMail(user)}>
      <OutgoingMailPage timeZone={user.timeZone} />
    </RequireRole>
  );
}
