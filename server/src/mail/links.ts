import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Links in e-mails (requirements: e-mailed links come from PUBLIC_URL only, never from the
 * request's Host or X-Forwarded-Host headers).
 */

/** `${PUBLIC_URL}${pathAndQuery}`; pathAndQuery starts with '/' (a missing one is added). */
export function publicLink(config: Pick<Config, 'publicUrl'>, pathAndQuery: string): string {
  return `${config.publicUrl}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}

/** The SPA route of a path: publicLink(config, '/app/spa' + spaPath). */
export function spaLink(config: Pick<Config, 'publicUrl'>, spaPath: string): string {
  return publicLink(config, `/app/spa${spaPath.startsWith('/') ? '' : '/'}${spaPath}`);
}

function secretOf(config: Pick<Config, 'appSecret'>): string {
  if (!config.appSecret) throw new Error('appSecret is not set: buildApp (ensureAppSecret) sets it before any link is signed');
  return config.appSecret;
}

const sign = (config: Pick<Config, 'appSecret'>, purpose: string, value: string): string =>
  createHmac('sha256', secretOf(config)).update(`${purpose}:${value}`).digest('base64url');

/** How long the e-mail preferences link of an e-mail works (issue 33 item 8: it did not expire). */
export const EMAIL_PREFERENCES_LINK_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Token of the e-mail preferences link: `{contactId}.{lastDay}.{HMAC-SHA256(APP_SECRET, 'email-preferences:{contactId}.{lastDay}')}`,
 * where lastDay is the last day (days since 1970, UTC) it works: EMAIL_PREFERENCES_LINK_DAYS after the e-mail
 * was written. Changing APP_SECRET voids every issued link; tokens of the earlier form (no day) no longer work.
 */
export function emailPreferencesToken(config: Pick<Config, 'appSecret'>, contactId: number, now = Date.now()): string {
  const lastDay = Math.floor(now / DAY_MS) + EMAIL_PREFERENCES_LINK_DAYS;
  return `${contactId}.${lastDay}.${sign(config, 'email-preferences', `${contactId}.${lastDay}`)}`;
}

/** The contact a preferences token was issued for, or null when it is malformed, not ours or past its last day. */
export function verifyEmailPreferencesToken(config: Pick<Config, 'appSecret'>, token: string, now = Date.now()): number | null {
  const m = /^(\d{1,10})\.(\d{1,7})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const contactId = Number(m[1]);
  if (!Number.isSafeInteger(contactId) || contactId <= 0 || String(contactId) !== m[1]) return null;
  if (Number(m[2]) < Math.floor(now / DAY_MS)) return null;
  const expected = Buffer.from(sign(config, 'email-preferences', `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? contactId : null;
}

/** The logged-out /preferences page for this contact: `${PUBLIC_URL}/app/spa/preferences?token=…`. */
export function emailPreferencesUrl(config: Pick<Config, 'publicUrl' | 'appSecret'>, contactId: number): string {
  return spaLink(config, `/preferences?token=${encodeURIComponent(emailPreferencesToken(config, contactId))}`);
}

/** RFC 8058 one-click unsubscribe target (POST, no session) of the List-Unsubscribe header. */
export function unsubscribeUrl(config: Pick<Config, 'publicUrl' | 'appSecret'>, contactId: number): string {
  return publicLink(config, `/api/v1/mail/unsubscribe?token=${encodeURIComponent(emailPreferencesToken(config, contactId))}`);
}

/**
 * Token of a survey invitation's one-click links: `{invitationId}.{HMAC-SHA256(APP_SECRET, 'survey:{id}')}`.
 * Nothing is stored for it: the invitation row holds the expiry and whether it was answered (single use).
 */
export function surveyToken(config: Pick<Config, 'appSecret'>, invitationId: number): string {
  return `${invitationId}.${sign(config, 'survey', String(invitationId))}`;
}

/** The invitation a survey token names, or null when it is malformed or not signed by us. */
export function verifySurveyToken(config: Pick<Config, 'appSecret'>, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647 || String(id) !== m[1]) return null;
  const expected = Buffer.from(sign(config, 'survey', m[1]));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The public survey page answering `answer`: `${PUBLIC_URL}/app/spa/survey?token=…&answer=up|down`. */
export function surveyAnswerUrl(config: Pick<Config, 'publicUrl' | 'appSecret'>, invitationId: number, answer: 'up' | 'down'): string {
  return spaLink(config, `/survey?token=${encodeURIComponent(surveyToken(config, invitationId))}&answer=${answer}`);
}
