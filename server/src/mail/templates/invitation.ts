import { defineTemplate } from './define.ts';

interface InvitationData {
  firstName: string;
  inviterName: string;
  organizationName: string;
  /** 'Administrator', 'Operator', ... as USER_TYPE_LABELS shows it. */
  userTypeLabel: string;
  /** publicLink(config, '/app/spa/register?IGID=…') */
  registerUrl: string;
  validDays: number;
}

/** Invitation to register (sent by invite-send and re-send). */
export const invitation = defineTemplate<InvitationData>({
  kind: 'transactional',
  content: (d, ctx) => ({
    subject: `${d.organizationName} invites you to the ${ctx.providerName} Support Center`,
    preheader: `Set your password to start using the Support Center as ${d.userTypeLabel}.`,
    heading: `Hello ${d.firstName},`,
    paragraphs: [
      `${d.inviterName} invites you to the ${d.organizationName} Support Center as ${d.userTypeLabel}.`,
      'Choose your password with the link below to activate your account.',
    ],
    button: { label: 'Register', url: d.registerUrl },
    footnote: `The link works once, for ${d.validDays} days. If you did not expect this invitation, you can ignore this e-mail.`,
  }),
});
