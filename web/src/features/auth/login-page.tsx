import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LazyTooltip } from '../../ui/lazy-tooltip.tsx';
import { Logo } from '../../ui/logo.tsx';
import { LoginForm } from './login-form.tsx';

interface LoginPageProps {
  registerPath: string;
  forgotPasswordPath: string;
  /** A message from the page that returned here (registration sent, password changed, ...). */
  notice?: string | null;
}

/** requirements §1.1, Login. Rendered in place of any path while signed out, so the URL survives sign-in. */
export function LoginPage({ registerPath, forgotPasswordPath, notice }: LoginPageProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Logo />
        </Box>
        <Typography variant="h1" component="h1" sx={{ textAlign: 'center', mb: 3 }}>
          Login
        </Typography>
        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <LoginForm />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          <LazyTooltip title="New User Registration" describeChild>
            <Link component={RouterLink} to={registerPath}>
              Register
            </Link>
          </LazyTooltip>
          <Link component={RouterLink} to={forgotPasswordPath}>
            Forgot Password
          </Link>
        </Box>
      </Paper>
    </Box>
  );
}
