import { isAdministrator } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { DevicesPage } from '../../features/devices/devices-page.tsx';

export function Component() {
  return <DevicesPage canEdit={isAdministrator(useSignedInUser())} />;
}
