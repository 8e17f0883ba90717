import { defineTemplate } from './define.ts';

interface RegistrationVerificationData {
  firstName: string;
  /** publicLink(config, '/app/spa/verify/{gid}') */
  verifyUrl: string;
  validHours: number;
  /**
   * Someone registered this address again while the first registration waited for verification. The first
   * registration is kept as it was (its password included): this e-mail says so and lets the address's
   * owner verify that one; nothing the second form said is used.
   */
  repeated?: boolean;
}

/** Self-registration: confirm the e-mail address. */
export const registrationVerification = defineTemplate<RegistrationVerificationData>({
  kind: 'transactional',
  content: (d, ctx) => {
    const button = { label: 'Verify e-mail address', url: d.verifyUrl };
    if (d.repeated)
      return {
        subject: `Your registration for the ${ctx.providerName} Support Center is waiting for verification`,
        preheader: 'Someone registered this address again; the first registration is kept.',
        heading: `Hello ${d.firstName},`,
        paragraphs: [
          'Someone, perhaps you, filled in the registration form again with this e-mail address. A registration for it is already waiting for you to verify the address, so nothing was changed: the details and the password chosen the first time are kept.',
          'If the first registration was yours, verify the address now. You can sign in with the password you chose then, or choose a new one with "Forgot Password" once your account is approved.',
        ],
        button,
        footnote: `The link works once, for ${d.validHours} hours. If you did not register, you can ignore this e-mail: no account is made until the address is verified and an administrator approves it.`,
      };
    return {
      subject: `Verify your e-mail address for the ${ctx.providerName} Support Center`,
      preheader: 'One click confirms your address and sends your registration for approval.',
      heading: `Hello ${d.firstName},`,
      paragraphs: [
        'Thank you for registering. Please confirm that this e-mail address is yours.',
        "Once it is verified, your organisation's administrator is asked to approve your account; we will let you know by e-mail.",
      ],
      button,
      footnote: `The link works once, for ${d.validHours} hours. If you did not register, you can ignore this e-mail.`,
    };
  },
});
