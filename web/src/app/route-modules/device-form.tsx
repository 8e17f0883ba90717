import { useParams } from 'react-router';
import { isAdministrator, MESSAGES } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { DeviceFormPage } from '../../features/devices/device-form-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

export function Component() {
  const { id } = useParams();
  const user = useSignedInUser();
  const n = id === undefined ? undefined : Number(id);
  if (n !== undefined && !(Number.isInteger(n) && n > 0)) return <>{MESSAGES.noMatchForPath}</>;
  return (
    <RequireRole allowed={isAdministrator(user)}>
      <DeviceFormPage key={id ?? 'new'} id={n} />
    </RequireRole>
  );
}
