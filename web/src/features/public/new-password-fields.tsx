import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PASSWORD_HINT } from '@sc/common';
import { PasswordField } from '../../ui/password-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

// aria-required instead of `required`: the labels read exactly 'Password' and 'Confirm Password', as on the login page.
const requiredInput = { htmlInput: { 'aria-required': true } } as const;

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/** Password and Confirm Password with the length hint and the strength meter; no composition rules. */
export function NewPasswordFields<T extends PasswordPair>({
  register,
  errors,
  password,
  userInputs,
  idPrefix,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PasswordPair>;
  password: string;
  userInputs: string[];
  idPrefix: string;
}) {
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  const { ref: passwordRef, ...passwordField } = reg('password');
  const { ref: confirmRef, ...confirmField } = reg('confirmPassword');
  return (
    <>
      <PasswordField
        {...passwordField}
        inputRef={passwordRef}
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="new-password"
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? PASSWORD_HINT}
        slotProps={requiredInput}
      />
      <PasswordStrengthMeter password={password} userInputs={userInputs} id={`${idPrefix}-strength`} />
      <PasswordField
        {...confirmField}
        inputRef={confirmRef}
        id={`${idPrefix}-confirm-password`}
        label="Confirm Password"
        autoComplete="new-password"
        fullWidth
        slotProps={requiredInput}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
    </>
  );
}
