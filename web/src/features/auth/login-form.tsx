import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ZLoginRequestSchema, type LoginRequest } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { useSession } from './session-context.ts';
import { PasswordField } from '../../ui/password-field.tsx';

export interface LoginFormProps {
  /** Prefills the e-mail, e.g. the expired session's user. */
  defaultEmail?: string;
  /** 'dialog' right-aligns the button as dialog actions are (UI.md). */
  layout?: 'page' | 'dialog';
  idPrefix?: string;
}

/**
 * E-mail and password, both required (requirements §14). A failed sign-in shows the server's message in an
 * error snackbar (requirements §14) and keeps what was typed so the user can correct and retry.
 */
export function LoginForm({ defaultEmail = '', layout = 'page', idPrefix = 'login' }: LoginFormProps) {
  const { login } = useSession();
  const showSnackbar = useSnackbar();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(ZLoginRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });

  const { ref: emailRef, ...emailField } = register('email');
  const { ref: passwordRef, ...passwordField } = register('password');
  // aria-required instead of `required`: the labels read exactly 'Email Address' and 'Password'.
  const requiredInput = { htmlInput: { 'aria-required': true } };

  const onSubmit = async (values: LoginRequest) => {
    try {
      await login(values);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'An Error Occurred';
      showSnackbar(message, { severity: 'error' });
      if (isApiError(error) && error.fieldErrors) {
        for (const field of ['email', 'password'] as const) {
          const fieldMessage = error.fieldErrors[field];
          if (fieldMessage) setError(field, { message: fieldMessage });
        }
      }
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        {...emailField}
        inputRef={emailRef}
        id={`${idPrefix}-email`}
        label="Email Address"
        type="email"
        autoComplete="username"
        slotProps={requiredInput}
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="current-password"
        slotProps={requiredInput}
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Box sx={{ display: 'flex', justifyContent: layout === 'dialog' ? 'flex-end' : 'stretch' }}>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth={layout === 'page'}>
          Login
        </Button>
      </Box>
    </Box>
  );
}
