import { canReadAuditLog } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { AuditLogPage } from '../../features/audit-log/audit-log-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const user = useSignedInUser();
  return (
    <RequireRole allowed={canReadAuditLog(user)}>
      <AuditLogPage timeZone={user.timeZone} allCustomers={user.spaceAdmin} />
    </RequireRole>
  );
}
