import { defineTemplate } from './define.ts';

interface RegistrationVerificationData {
  firstName: string;
  /** publicLink(config, '/app/spa/verify/{gid}') */
  verifyUrl: string;
  validHours: number;
}

/** Self-registration: confirm the e-mail address. */
export const registrationVerification = defineTemplate<RegistrationVerificationData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `Verify your e-mail address for the ${ctx.providerName} Support Center`,
    preheader: 'One click confirms your address and sends your registration for approval.',
    heading: `Hello ${d.firstName},`,
    paragraphs: [
      'Thank you for registering. Please confirm that this e-mail address is yours.',
      "Once it is verified, your organisation's administrator is asked to approve your account; we will let you know by e-mail.",
    ],
    button: { label: 'Verify e-mail address', url: d.verifyUrl },
    footnote: `The link works once, for ${d.validHours} hours. If you did not register, you can ignore this e-mail.`,
  }),
});
