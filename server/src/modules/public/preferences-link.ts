import type { Config } from '../../config.ts';

/**
 * The contact a signed e-mail-preferences link names, or null. The signature belongs to the mail
 * module (branch wt-mail: verifyEmailPreferencesToken); until it is merged no link is valid.
 */
export function contactOfPreferencesToken(_config: Config, _token: string): number | null {
  return null;
}
