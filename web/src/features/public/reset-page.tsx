import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { PASSWORD_MESSAGES, PUBLIC_MESSAGES, ZNewPasswordSchema } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PublicCard } from '../../ui/public-card.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { lookupReset, publicKeys, resetPassword } from './api.ts';
import { applyServerErrors, completionState } from './form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PublicLoading } from './public-loading.tsx';

const ZFormSchema = z
  .object({ password: ZNewPasswordSchema, confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
type Values = z.infer<typeof ZFormSchema>;

function ResetForm({ token, email, organizationName }: { token: string; email: string; organizationName: string }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(ZFormSchema), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });
  const onSubmit = async (v: Values) => {
    try {
      const res = await resetPassword({ token, ...v });
      void navigate('/', { replace: true, state: completionState(res.message) });
    } catch (error) {
      showSnackbar(applyServerErrors(error, setError, ['password', 'confirmPassword']), { severity: 'error' });
    }
  };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
      <TextField id="reset-email" label="Email Address" value={email} fullWidth autoComplete="username" slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
      <NewPasswordFields register={register} errors={errors} password={password} userInputs={[email, organizationName]} idPrefix="reset" />
      <BusyButton type="submit" variant="contained" size="large" busy={isSubmitting} fullWidth>
        Change Password
      </BusyButton>
    </Box>
  );
}

/** /reset/{gid} (renew-password): a new password for the link's account; every other session ends. */
export function ResetPage() {
  const { gid = '' } = useParams();
  const look = useQuery({ queryKey: publicKeys.reset(gid), queryFn: () => lookupReset(gid), enabled: gid.length >= 16, retry: false, staleTime: Infinity });
  let body;
  if (gid.length < 16) body = <Alert severity="error">{PUBLIC_MESSAGES.resetInvalid}</Alert>;
  else if (look.isPending) body = <PublicLoading />;
  else if (look.isError) body = <Alert severity="error">{look.error.message}</Alert>;
  else if (!look.data.valid || !look.data.email) body = <Alert severity="error">{PUBLIC_MESSAGES.resetInvalid}</Alert>;
  else body = <ResetForm token={gid} email={look.data.email} organizationName={look.data.organizationName ?? ''} />;
  return (
    <PublicCard title="Reset Password">
      {body}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/">
          Back to Login
        </Link>
        <Link component={RouterLink} to="/retrieve">
          Forgot Password
        </Link>
      </Box>
    </PublicCard>
  );
}
