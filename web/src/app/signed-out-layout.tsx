import Box from '@mui/material/Box';
import { LoginPage } from '../features/auth/login-page.tsx';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { AppFooter } from './shell/app-footer.tsx';
import { ROUTES } from './routes.ts';

/** Any path while signed out: the login page in place, the URL untouched. */
export function SignedOutLayout() {
  useDocumentTitle('Login - Support Center');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <LoginPage registerPath={ROUTES.register.path} forgotPasswordPath={ROUTES.retrieve.path} />
      </Box>
      <AppFooter />
    </Box>
  );
}
