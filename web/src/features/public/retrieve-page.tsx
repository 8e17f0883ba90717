import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ZRetrieveRequestSchema, type RetrieveRequest } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PublicCard } from '../../ui/public-card.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { retrievePassword } from './api.ts';
import { applyServerErrors, completionState } from './form-errors.ts';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

/** /retrieve (lost-password): the same answer for every address; returns to / with it. */
export function RetrievePage() {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<RetrieveRequest>({ resolver: zodResolver(ZRetrieveRequestSchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = async (v: RetrieveRequest) => {
    try {
      const res = await retrievePassword(v.email);
      void navigate('/', { state: completionState(res.message) });
    } catch (error) {
      showSnackbar(applyServerErrors(error, setError, ['email']), { severity: 'error' });
    }
  };

  return (
    <PublicCard title="Forgot Password">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
        <Typography>Enter the e-mail address of your account. We will send you a link to choose a new password.</Typography>
        <ControlledTextField name="email" control={control} id="retrieve-email" label="Email Address" type="email" autoComplete="username" slotProps={{ htmlInput: { 'aria-required': true } }} fullWidth />
        <BusyButton type="submit" variant="contained" size="large" busy={isSubmitting} fullWidth>
          Send Reset Link
        </BusyButton>
      </Box>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/">
          Back to Login
        </Link>
      </Box>
    </PublicCard>
  );
}
