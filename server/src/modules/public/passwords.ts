import { PASSWORD_MESSAGES } from '@sc/common';
import { passwordStrength } from '@sc/common/password-strength';
import { badRequest } from '../../http/errors.ts';

/** The shared strength rule, enforced here as the web's meter shows it (common/src/password-strength.ts). */
export function requireStrongPassword(password: string, personal: (string | null | undefined)[]) {
  const s = passwordStrength(password, personal.filter((x): x is string => !!x));
  if (!s.acceptable) {
    const message = s.warning ? `${PASSWORD_MESSAGES.tooWeak}. ${s.warning}` : PASSWORD_MESSAGES.tooWeak;
    throw badRequest({ password: message });
  }
}
