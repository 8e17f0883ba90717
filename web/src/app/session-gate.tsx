import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../features/auth/session-context.ts';
import { emailLinkTarget } from '../features/public/email-link-redirect.ts';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { isSignedInPath } from '../config/routes.ts';
import { SignedOutLayout } from './signed-out-layout.tsx';

// The shell (drawer, top bar, account menu, dayjs) is only fetched once someone is signed in,
// which keeps the login page's JavaScript small.
const AppShell = lazy(() => import('./shell/app-shell.tsx').then((m) => ({ default: m.AppShell })));
// Only a signed-in session can expire: its dialog (MUI Dialog, Modal, focus trap) loads with the shell.
// An e-mailed link's redirect notice is rare: it loads on its own, not with the login page.
const EmailLinkRedirecting = lazy(() => import('../features/public/email-link-redirect-page.tsx').then((m) => ({ default: m.EmailLinkRedirecting })));
const SessionExpiredDialog = lazy(() => import('../features/auth/session-expired-dialog.tsx').then((m) => ({ default: m.SessionExpiredDialog })));

/**
 * The root route: an e-mail link redirect (requirements §12.2: '/' or an unknown path whose parameters name a
 * route), the login page, or the shell with the matched screen in its outlet.
 */
export function SessionGate() {
  const { status, user } = useSession();
  const { pathname, search } = useLocation();
  const isAppPath = isSignedInPath(pathname);
  const target = !isAppPath || pathname === '/' ? emailLinkTarget(search) : null;
  if (target)
    return (
      <SignedOutLayout
        page={
          <Suspense fallback={<FullPageSpinner />}>
            <EmailLinkRedirecting search={search} target={target} />
          </Suspense>
        }
      />
    );
  if (status === 'loading') return <FullPageSpinner />;
  // A signed-out visit to a signed-in path shows the login in place and stays there after sign-in.
  if (status === 'signedOut' || !user) return <SignedOutLayout noMatchSearch={isAppPath ? undefined : search} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell user={user} />
      <SessionExpiredDialog />
    </Suspense>
  );
}
