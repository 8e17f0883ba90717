import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { INVITATION_STATE_MESSAGES, USER_TYPE_LABELS, ZNewPasswordSchema, PASSWORD_MESSAGES, type InvitationLookupResponse } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { acceptInvitation, lookupInvitation, publicKeys } from './api.ts';
import { applyServerErrors } from './form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PublicLoading } from './public-loading.tsx';

const ZFormSchema = z
  .object({ password: ZNewPasswordSchema, confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
type Values = z.infer<typeof ZFormSchema>;

/** Why the link no longer works, and whom to ask for a new invitation. */
function InvitationRefused({ look }: { look: InvitationLookupResponse }) {
  const state = look.state === 'valid' ? 'unknown' : look.state;
  const ask = look.askFrom;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={state === 'used' ? 'info' : 'error'}>{INVITATION_STATE_MESSAGES[state]}</Alert>
      {state !== 'used' && (
        <Typography>
          {ask ? (
            <>
              Ask {ask.name} for a new invitation:{' '}
              <Link href={`mailto:${ask.email}?subject=${encodeURIComponent('Please send me a new Support Center invitation')}`}>{ask.email}</Link>
            </>
          ) : (
            "Ask your organization's administrator for a new invitation."
          )}
        </Typography>
      )}
    </Box>
  );
}

/**
 * user-registration-invite (requirements §12.3, /register?IGID=…): the invitee's name and organisation, a
 * password twice; the account is activated with the invited type and the invitee is signed in.
 */
export function InvitationAccept({ token, onSignedIn }: { token: string; onSignedIn: () => Promise<void> }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const look = useQuery({ queryKey: publicKeys.invitation(token), queryFn: () => lookupInvitation(token), retry: false, staleTime: Infinity });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(ZFormSchema), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });

  if (look.isPending) return <PublicLoading />;
  if (look.isError) return <Alert severity="error">{look.error.message}</Alert>;
  const invitee = look.data.invitee;
  if (look.data.state !== 'valid' || !invitee) return <InvitationRefused look={look.data} />;

  const onSubmit = async (v: Values) => {
    try {
      await acceptInvitation({ token, ...v });
      await onSignedIn();
      void navigate('/', { replace: true });
    } catch (error) {
      showSnackbar(applyServerErrors(error, setError, ['password', 'confirmPassword']), { severity: 'error' });
      if (!(error instanceof Error && 'fieldErrors' in error && error.fieldErrors)) void look.refetch();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Welcome, {invitee.firstName} {invitee.lastName}. You are invited to the {invitee.organizationName} Support Center as {USER_TYPE_LABELS[invitee.userType]}. Choose
        your password to activate your account.
      </Typography>
      <TextField id="invite-email" label="Email Address" value={invitee.email} fullWidth slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} autoComplete="username" />
      <NewPasswordFields register={register} errors={errors} password={password} userInputs={[invitee.firstName, invitee.lastName, invitee.email, invitee.organizationName]} idPrefix="invite" />
      <BusyButton type="submit" variant="contained" size="large" busy={isSubmitting} fullWidth>
        Activate Account
      </BusyButton>
    </Box>
  );
}
