import { defineTemplate } from './define.ts';

interface RegistrationApprovedData {
  firstName: string;
  organizationName: string;
  /** spaLink(config, '/') */
  signInUrl: string;
}

/** To the registrant: the administrator approved the account. */
export const registrationApproved = defineTemplate<RegistrationApprovedData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Your ${ctx.providerName} Support Center account is approved`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [`Your registration for the ${d.organizationName} Support Center was approved. Sign in with your e-mail address and the password you chose.`],
    button: { label: 'Sign in', url: d.signInUrl },
  }),
});

interface RegistrationDisapprovedData {
  firstName: string;
  organizationName: string;
}

/** To the registrant: the administrator disapproved the registration. */
export const registrationDisapproved = defineTemplate<RegistrationDisapprovedData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Your ${ctx.providerName} Support Center registration was not approved`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [
      `Your registration for the ${d.organizationName} Support Center was not approved.`,
      `If you think this is a mistake, please contact your organisation's administrator.`,
    ],
  }),
});
