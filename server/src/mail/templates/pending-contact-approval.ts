import { defineTemplate } from './define.ts';

interface PendingContactApprovalData {
  approverFirstName: string;
  registrantName: string;
  registrantEmail: string;
  registrantPhone?: string;
  organizationName: string;
  /** publicLink(config, '/app/spa/pendingcontact?…approve…') */
  approveUrl: string;
  disapproveUrl: string;
  validHours: number;
}

/** To each Administrator of the customer: approve or disapprove a verified registration. */
export const pendingContactApproval = defineTemplate<PendingContactApprovalData>({
  kind: 'transactional',
  content: (d) => ({
    subject: `Approval needed: ${d.registrantName} registered for ${d.organizationName}`,
    preheader: `${d.registrantName} (${d.registrantEmail}) asks for a Support Center account.`,
    heading: `Hello ${d.approverFirstName},`,
    paragraphs: [`${d.registrantName} registered for the ${d.organizationName} Support Center and verified the e-mail address. Approve to let them sign in as a User.`],
    details: [
      { label: 'Name', value: d.registrantName },
      { label: 'E-mail', value: d.registrantEmail },
      ...(d.registrantPhone ? [{ label: 'Phone', value: d.registrantPhone }] : []),
      { label: 'Organisation', value: d.organizationName },
    ],
    button: { label: 'Approve', url: d.approveUrl },
    secondaryButton: { label: 'Disapprove', url: d.disapproveUrl },
    footnote: `These links are yours alone, work once and for ${d.validHours} hours. You can also approve from the contact's form in the portal.`,
  }),
});
