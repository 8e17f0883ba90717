import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ZRegistrationFormSchema, type RegistrationForm as Values } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { register as registerCall } from './api.ts';
import { applyServerErrors, completionState } from './form-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

const requiredInput = { htmlInput: { 'aria-required': true } } as const;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'] as const;

/**
 * user-registration (no gid: the customer is the one whose e-mail domain matches) and self-register
 * (a customer's own link). The answer is the same for every address; a failure keeps what was typed.
 */
export function RegistrationForm({ gid, organizationName }: { gid?: string; organizationName?: string }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(ZRegistrationFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const [password, firstName, lastName, email] = useWatch({ control, name: ['password', 'firstName', 'lastName', 'email'] });

  const onSubmit = async (v: Values) => {
    try {
      const res = await registerCall({ ...v, ...(gid ? { gid } : {}) });
      void navigate('/', { state: completionState(res.message) });
    } catch (error) {
      showSnackbar(applyServerErrors(error, setError, FIELDS), { severity: 'error' });
    }
  };

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, extra: { slotProps?: typeof requiredInput; autoComplete?: string; type?: string } = {}) => (
    <ControlledTextField name={name} control={control} id={`register-${name}`} label={label} fullWidth {...extra} />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
      {organizationName ? (
        <Alert severity="info">You are registering with {organizationName}. An administrator of {organizationName} approves new accounts.</Alert>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Use your work e-mail address: your organization&apos;s administrator approves new accounts.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('firstName', 'First Name', { slotProps: requiredInput, autoComplete: 'given-name' })}
        {text('lastName', 'Last Name', { slotProps: requiredInput, autoComplete: 'family-name' })}
      </Box>
      {text('email', 'Email Address', { slotProps: requiredInput, type: 'email', autoComplete: 'email' })}
      {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
      <NewPasswordFields register={register} errors={errors} password={password} userInputs={[firstName, lastName, email, organizationName ?? '']} idPrefix="register" />
      <BusyButton type="submit" variant="contained" size="large" busy={isSubmitting} fullWidth>
        Register
      </BusyButton>
    </Box>
  );
}
