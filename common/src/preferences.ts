import { z } from 'zod';
import { PAGE_SIZES } from './list.ts';
import { optionalPhone } from './text-fields.ts';
import { THEMES, type Theme } from './auth.ts';

// User Preferences (requirements §7.1 dialog, §7.6 texts; issue 5 item 4): the caller's own account only.

export const PREFERENCES_MESSAGES = {
  saved: 'User Preferences Updated',
  failed: 'Update failed',
} as const;

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const DEFAULT_THEME: Theme = 'system';

/** The four e-mail notification choices, with the labels the dialog shows. */
export const EMAIL_NOTIFICATIONS = [
  { key: 'emailOnTicketCreated', label: 'A ticket of mine is created' },
  { key: 'emailOnTicketUpdated', label: 'A ticket of mine is updated' },
  { key: 'emailOnTicketClosed', label: 'A ticket of mine is closed' },
  { key: 'emailOnNewAction', label: 'A note is added to a ticket of mine' },
] as const;

/** Zone names already checked: an Intl.DateTimeFormat per check is not free (see tickets list.service). */
const checkedZones = new Map<string, boolean>();
/** True for a time zone name this JavaScript engine knows (IANA names and their aliases). */
function isKnownTimeZone(tz: string): boolean {
  const known = checkedZones.get(tz);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = tz.length > 0;
  } catch {
    valid = false;
  }
  if (checkedZones.size < 1000) checkedZones.set(tz, valid);
  return valid;
}

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(80, `${label} must be at most 80 characters`);

/** PUT /api/v1/preferences and the dialog's form. No id: the account is always the caller's. */
export const ZPreferencesSaveRequestSchema = z.object({
  firstName: name('First Name'),
  lastName: name('Last Name'),
  officePhone: optionalPhone('Office Phone'),
  mobilePhone: optionalPhone('Mobile Phone'),
  timeZone: z.string().trim().min(1, 'Time Zone is required').max(64).refine(isKnownTimeZone, 'Time Zone must be a known time zone (e.g. America/New_York)'),
  pageSize: z.number({ error: 'Default Page Size must be one of 10, 15, 25, 50' }).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Default Page Size must be one of 10, 15, 25, 50'),
  theme: z.enum(THEMES, { error: 'Theme must be light, dark or system' }),
  emailOnTicketCreated: z.boolean(),
  emailOnTicketUpdated: z.boolean(),
  emailOnTicketClosed: z.boolean(),
  emailOnNewAction: z.boolean(),
});
export type PreferencesSaveRequest = z.input<typeof ZPreferencesSaveRequestSchema>;
export type PreferencesSaveValues = z.output<typeof ZPreferencesSaveRequestSchema>;

export const ZPreferencesSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  officePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  timeZone: z.string(),
  pageSize: z.number().int(),
  theme: z.enum(THEMES),
  emailOnTicketCreated: z.boolean(),
  emailOnTicketUpdated: z.boolean(),
  emailOnTicketClosed: z.boolean(),
  emailOnNewAction: z.boolean(),
});
export type Preferences = z.infer<typeof ZPreferencesSchema>;
