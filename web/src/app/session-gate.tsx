import { lazy, Suspense } from 'react';
import { useSession } from '../features/auth/session-context.ts';
import { SessionExpiredDialog } from '../features/auth/session-expired-dialog.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { SignedOutLayout } from './signed-out-layout.tsx';

// The shell (drawer, top bar, account menu, dayjs) is only fetched once someone is signed in,
// which keeps the login page's JavaScript small.
const AppShell = lazy(() => import('./shell/app-shell.tsx').then((m) => ({ default: m.AppShell })));

/** The root route: login page, or the shell with the matched screen in its outlet. */
export function SessionGate() {
  const { status, user } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signedOut' || !user) return <SignedOutLayout />;
  return (
    <>
      <Suspense fallback={<FullPageSpinner />}>
        <AppShell user={user} />
      </Suspense>
      <SessionExpiredDialog />
    </>
  );
}
