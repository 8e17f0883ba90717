import { defineTemplate } from './define.ts';

interface PasswordResetData {
  firstName: string;
  /** publicLink(config, '/app/spa/reset/{gid}') */
  resetUrl: string;
  validMinutes: number;
}

/** Lost password: the single-use reset link. */
export const passwordReset = defineTemplate<PasswordResetData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Reset your ${ctx.providerName} Support Center password`,
    preheader: `The link works once, for ${d.validMinutes} minutes.`,
    heading: `Hello ${d.firstName},`,
    paragraphs: ['Someone, hopefully you, asked to reset the password of your Support Center account. Choose a new password with the link below.'],
    button: { label: 'Choose a new password', url: d.resetUrl },
    footnote: `The link works once, for ${d.validMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  }),
});

interface PasswordChangedData {
  firstName: string;
  /** spaLink(config, '/retrieve') */
  retrieveUrl: string;
}

/** Notice after a password change or reset (every other session was ended). */
export const passwordChanged = defineTemplate<PasswordChangedData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Your ${ctx.providerName} Support Center password was changed`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [
      'The password of your Support Center account was just changed, and every other session of the account was signed out.',
      'If you did not do this, reset your password now and tell your administrator.',
    ],
    button: { label: 'Reset my password', url: d.retrieveUrl },
  }),
});

export interface SignInAttemptsData {
  firstName: string;
  failures: number;
  /** spaLink(config, '/retrieve') */
  retrieveUrl: string;
}

/**
 * Many wrong passwords on the account from several places (requirements §19.2): its sign-ins are slowed for
 * browsers it has not signed in from. Sent once a day at most.
 */
export const signInAttempts = defineTemplate<SignInAttemptsData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Failed sign-in attempts on your ${ctx.providerName} Support Center account`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [
      `Someone has tried ${d.failures} wrong passwords in a row on your Support Center account. To protect it, new sign-ins are slowed down for a while, except from browsers where you have signed in before.`,
      'If this was you, there is nothing to do. If it was not, your password has held; choose a longer one if it is short or used elsewhere.',
    ],
    button: { label: 'Choose a new password', url: d.retrieveUrl },
  }),
});
