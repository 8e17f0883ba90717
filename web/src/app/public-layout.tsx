import { Outlet } from 'react-router';
import { PublicFrame } from './signed-out-layout.tsx';

/** The logged-out pages answer whether or not someone is signed in (an approver may well be). */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
