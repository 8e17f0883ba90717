import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { LoginPage } from '../features/auth/login-page.tsx';
import { noticeOf } from '../features/public/form-errors.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { AppFooter } from './shell/app-footer.tsx';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { ROUTES } from '../config/routes.ts';

// Only an e-mailed link that matched nothing shows it: not part of the login page's JavaScript (decision 028).
const EmailLinkNoMatch = lazy(() => import('../features/public/email-link-redirect-page.tsx').then((m) => ({ default: m.EmailLinkNoMatch })));

/** The frame of the logged-out pages: the page, then the footer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}

function Login() {
  useDocumentTitle('Login - Support Center');
  // A finished public page (registration, reset, ...) returns to / with its message (requirements §12.3).
  const notice = noticeOf(useLocation().state);
  return <LoginPage registerPath={ROUTES.register.path} forgotPasswordPath={ROUTES.retrieve.path} notice={notice} />;
}

/**
 * Any signed-in path while signed out: the login page in place, the URL untouched. Another path is
 * an e-mail link whose parameters matched nothing (`noMatchSearch`, requirements §12.2); `page` replaces both.
 */
export function SignedOutLayout({ noMatchSearch, page }: { noMatchSearch?: string; page?: ReactNode }) {
  const noMatch = noMatchSearch !== undefined && (
    <Suspense fallback={<FullPageSpinner />}>
      <EmailLinkNoMatch search={noMatchSearch} />
    </Suspense>
  );
  return <PublicFrame>{page ?? (noMatch || <Login />)}</PublicFrame>;
}
