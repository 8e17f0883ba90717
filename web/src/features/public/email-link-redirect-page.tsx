import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PUBLIC_MESSAGES } from '@sc/common';
import { PublicCard } from '../../ui/public-card.tsx';

/** requirements §12.2: 'URL {search} is being redirected', then the matched route with the same parameters. */
export function EmailLinkRedirecting({ search, target }: { search: string; target: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return (
    <PublicCard title="Redirecting">
      <Typography role="status" sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}>
        {PUBLIC_MESSAGES.redirecting(search)}
      </Typography>
    </PublicCard>
  );
}

/** requirements §12.2: a logged-out path that is no page and whose parameters match no route. */
export function EmailLinkNoMatch({ search }: { search: string }) {
  return (
    <PublicCard title="Link Not Recognized">
      <Box sx={{ display: 'grid', gap: 2, textAlign: 'center' }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{PUBLIC_MESSAGES.redirectNoMatch(search)}</Typography>
        <Link component={RouterLink} to="/">
          Go to Login
        </Link>
      </Box>
    </PublicCard>
  );
}
