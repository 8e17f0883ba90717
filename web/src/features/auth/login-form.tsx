import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ZLoginRequestSchema, type LoginRequest } from '@sc/common';
import { parse, safeParse } from 'zod/mini';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { OutlinedField } from '../../ui/outlined-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { useSession } from './session-context.ts';

interface LoginFormProps {
  /** Prefills the e-mail, e.g. the expired session's user. */
  defaultEmail?: string;
  /** 'dialog' right-aligns the button as dialog actions are (UI.md). */
  layout?: 'page' | 'dialog';
  idPrefix?: string;
}

type Field = keyof LoginRequest;
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['email', 'password'];

/** The shared schema's messages per field (requirements §1.3); none when the values are valid. */
function validate(values: LoginRequest): Errors {
  const parsed = safeParse(ZLoginRequestSchema, values);
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * E-mail and password, both required (requirements §14). A failed sign-in shows the server's message in an
 * error snackbar (requirements §14) and keeps what was typed so the user can correct and retry.
 * Two fields need no form library: react-hook-form stays out of the login page's JavaScript (decision 028);
 * errors show once a field has been left (or on submit) and follow the typing after that.
 */
export function LoginForm({ defaultEmail = '', layout = 'page', idPrefix = 'login' }: LoginFormProps) {
  const { login } = useSession();
  const showSnackbar = useSnackbar();
  const [values, setValues] = useState<LoginRequest>({ email: defaultEmail, password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [field]: e.target.value };
      setValues(next);
      if (touched[field]) setErrors((prev) => ({ ...prev, [field]: validate(next)[field] }));
    },
    onBlur: () => {
      setTouched((prev) => ({ ...prev, [field]: true }));
      setErrors((prev) => ({ ...prev, [field]: validate(values)[field] }));
    },
    error: Boolean(errors[field]),
    helperText: errors[field],
    // aria-required instead of `required`: the labels read exactly 'Email Address' and 'Password'.
    slotProps: { htmlInput: { 'aria-required': true } },
    fullWidth: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (isSubmitting) return;
    const found = validate(values);
    setTouched({ email: true, password: true });
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await login(parse(ZLoginRequestSchema, values));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'An Error Occurred';
      showSnackbar(message, { severity: 'error' });
      if (isApiError(error) && error.fieldErrors) {
        const fieldErrors = error.fieldErrors;
        setErrors((prev) => ({ ...prev, ...Object.fromEntries(FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]])) }));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }}>
      <OutlinedField {...fieldProps('email')} id={`${idPrefix}-email`} label="Email Address" type="email" autoComplete="username" />
      <PasswordField {...fieldProps('password')} id={`${idPrefix}-password`} label="Password" autoComplete="current-password" />
      <Box sx={{ display: 'flex', justifyContent: layout === 'dialog' ? 'flex-end' : 'stretch' }}>
        <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth={layout === 'page'}>
          Login
        </Button>
      </Box>
    </Box>
  );
}
