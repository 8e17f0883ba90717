import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PublicCard } from '../../ui/public-card.tsx';
import { lookupRegistrationLink, publicKeys } from './api.ts';
import { InvitationAccept } from './invitation-accept.tsx';
import { PublicLoading } from './public-loading.tsx';
import { RegistrationForm } from './registration-form.tsx';

function SelfRegister({ gid }: { gid: string }) {
  const link = useQuery({ queryKey: publicKeys.registrationLink(gid), queryFn: () => lookupRegistrationLink(gid), retry: false, staleTime: Infinity });
  if (link.isPending) return <PublicLoading />;
  if (link.isError) return <Alert severity="error">{link.error.message}</Alert>;
  return <RegistrationForm gid={gid} organizationName={link.data.organizationName} />;
}

/**
 * /register/{gid?} (requirements §12.3): user-registration-invite with an IGID query parameter, self-register
 * through a customer's link with a gid, otherwise user-registration.
 */
export function RegisterPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { gid } = useParams();
  const [search] = useSearchParams();
  const igid = search.get('IGID') ?? search.get('igid');
  const title = igid ? 'Accept Invitation' : 'New User Registration';
  return (
    <PublicCard title={title} maxWidth={igid ? 480 : 560}>
      {igid ? <InvitationAccept token={igid} onSignedIn={onSignedIn} /> : gid ? <SelfRegister gid={gid} /> : <RegistrationForm />}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/">
          Back to Login
        </Link>
      </Box>
    </PublicCard>
  );
}
