import { canManageApiKeys } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { ApiKeysPage } from '../../features/api-keys/api-keys-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const user = useSignedInUser();
  return (
    <RequireRole allowed={canManageApiKeys(user)}>
      <ApiKeysPage timeZone={user.timeZone} />
    </RequireRole>
  );
}
