import { PUBLIC_MESSAGES, type EmailPreferenceChoices, type PublicPreferencesResponse } from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { contactOfPreferencesToken } from './preferences-link.ts';
import * as q from './queries.ts';

/**
 * customer-care-email-preferences: the signed link of an e-mail names the contact; the page edits
 * the same four choices as the signed-in User Preferences dialog (user_preferences of the contact's account).
 */
async function recipientOf(db: Db, config: Config, token: string) {
  const contactId = contactOfPreferencesToken(config, token);
  const who = contactId ? await q.findPreferencesOfContact(db, contactId) : undefined;
  if (!who) throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.preferencesInvalid);
  return who;
}

/** 'jane.doe@acme.example' → 'j•••@acme.example': enough for its owner to recognise, little for anyone else. */
export const maskedEmail = (email: string | null): string | null => {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
};

/**
 * The page shows only what the choice needs (issue 33 item 8): the first name, the address masked, the four
 * choices. Whoever holds a forwarded e-mail learns no more than its greeting told them.
 */
export async function getEmailPreferences(db: Db, config: Config, token: string): Promise<PublicPreferencesResponse> {
  const { webUserId: _w, cid: _c, email, ...shown } = await recipientOf(db, config, token);
  return { ...shown, email: maskedEmail(email) };
}

export async function saveEmailPreferences(db: Db, config: Config, token: string, v: EmailPreferenceChoices): Promise<PublicPreferencesResponse> {
  const who = await recipientOf(db, config, token);
  await q.saveEmailChoices(db, who.cid, who.webUserId, v);
  return getEmailPreferences(db, config, token);
}
