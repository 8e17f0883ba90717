import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PUBLIC_MESSAGES } from '@sc/common';
import { PublicCard } from '../../ui/public-card.tsx';
import { verifyRegistration } from './api.ts';
import { completionState } from './form-errors.ts';
import { PublicLoading } from './public-loading.tsx';

/** /verify/{gid} (verify-registration): submits the link's token once, then returns to / with the answer. */
export function VerifyPage() {
  const { gid } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(gid ? null : PUBLIC_MESSAGES.invalidParameters);
  // The token works once: React's development double effects must not spend it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!gid || sent.current) return;
    sent.current = true;
    verifyRegistration(gid).then(
      (res) => void navigate('/', { replace: true, state: completionState(res.message) }),
      (e: unknown) => setError(e instanceof Error ? e.message : PUBLIC_MESSAGES.verifyInvalid),
    );
  }, [gid, navigate]);

  return (
    <PublicCard title="Verify Registration">
      {error ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="error">{error}</Alert>
          <Link component={RouterLink} to="/register">
            Register again
          </Link>
        </Box>
      ) : (
        <PublicLoading label="Verifying" />
      )}
    </PublicCard>
  );
}
