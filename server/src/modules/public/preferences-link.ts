import type { Config } from '../../config.ts';
import { verifyEmailPreferencesToken } from '../../mail/links.ts';

/** The contact a signed e-mail-preferences link names (mail/links.ts signs it), or null. */
export const contactOfPreferencesToken = (config: Config, token: string): number | null => verifyEmailPreferencesToken(config, token);
