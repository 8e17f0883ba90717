import { APPROVAL_TOKEN_TTL_HOURS, VERIFY_TOKEN_TTL_HOURS } from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { spaLink } from '../../mail/links.ts';
import { enqueueMail } from '../../mail/outbox.ts';

// The e-mails of the public pages, queued in the caller's transaction (mail/outbox.ts). Every link
// is built from PUBLIC_URL, never from the request (issue 13 item 2).

interface To {
  cid: number;
  contactId: number;
  to: string;
  firstName: string;
}

export const sendRegistrationVerification = (db: Db, config: Config, m: To & { token: string; repeated?: boolean }) =>
  enqueueMail(db, config, {
    cid: m.cid,
    contactId: m.contactId,
    to: m.to,
    template: 'registrationVerification',
    data: { firstName: m.firstName, verifyUrl: spaLink(config, `/verify/${m.token}`), validHours: VERIFY_TOKEN_TTL_HOURS, repeated: m.repeated },
  });

/** The approve and disapprove links of requirements §12.3: approved, approvercontactid and ac (the approver's token). */
function approvalLink(config: Config, approved: boolean, approverContactId: number, token: string) {
  return spaLink(config, `/pendingcontact?approved=${approved}&approvercontactid=${approverContactId}&ac=${encodeURIComponent(token)}`);
}

export const sendApprovalRequest = (
  db: Db,
  config: Config,
  m: To & { registrant: { firstName: string; lastName: string; email: string; phone: string | null }; organizationName: string; token: string },
) =>
  enqueueMail(db, config, {
    cid: m.cid,
    contactId: m.contactId,
    to: m.to,
    template: 'pendingContactApproval',
    data: {
      approverFirstName: m.firstName,
      registrantName: `${m.registrant.firstName} ${m.registrant.lastName}`,
      registrantEmail: m.registrant.email,
      ...(m.registrant.phone ? { registrantPhone: m.registrant.phone } : {}),
      organizationName: m.organizationName,
      approveUrl: approvalLink(config, true, m.contactId, m.token),
      disapproveUrl: approvalLink(config, false, m.contactId, m.token),
      validHours: APPROVAL_TOKEN_TTL_HOURS,
    },
  });

export const sendRegistrationDecision = (db: Db, config: Config, m: To & { organizationName: string; approved: boolean }) =>
  m.approved
    ? enqueueMail(db, config, {
        cid: m.cid,
        contactId: m.contactId,
        to: m.to,
        template: 'registrationApproved',
        data: { firstName: m.firstName, organizationName: m.organizationName, signInUrl: spaLink(config, '/') },
      })
    : enqueueMail(db, config, {
        cid: m.cid,
        contactId: m.contactId,
        to: m.to,
        template: 'registrationDisapproved',
        data: { firstName: m.firstName, organizationName: m.organizationName },
      });

export const sendPasswordReset = (db: Db, config: Config, m: To & { token: string; minutes: number }) =>
  enqueueMail(db, config, {
    cid: m.cid,
    contactId: m.contactId,
    to: m.to,
    template: 'passwordReset',
    data: { firstName: m.firstName, resetUrl: spaLink(config, `/reset/${m.token}`), validMinutes: m.minutes },
  });

export const sendPasswordChanged = (db: Db, config: Config, m: To) =>
  enqueueMail(db, config, {
    cid: m.cid,
    contactId: m.contactId,
    to: m.to,
    template: 'passwordChanged',
    data: { firstName: m.firstName, retrieveUrl: spaLink(config, '/retrieve') },
  });
