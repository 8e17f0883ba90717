import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertOutboxRow } from './queries.ts';

// The e-mails of the public pages, written to the outbox in the caller's transaction. Every link
// is built from the configured public URL, never from the request (issue 13 item 2).

const SPA = '/app/spa';

export function publicUrl(config: Config, pathAndQuery: string): string {
  const base = (config as Config & { publicUrl?: string }).publicUrl ?? `http://localhost:${config.port}`;
  return `${base.replace(/\/+$/, '')}${SPA}${pathAndQuery}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function send(db: Db, m: { cid: number | null; to: string; subject: string; template: string; lines: (string | { href: string; label: string })[] }) {
  const text = m.lines.map((l) => (typeof l === 'string' ? l : `${l.label}: ${l.href}`)).join('\n\n');
  const html = m.lines.map((l) => (typeof l === 'string' ? `<p>${esc(l)}</p>` : `<p><a href="${esc(l.href)}">${esc(l.label)}</a></p>`)).join('');
  await insertOutboxRow(db, { cid: m.cid, to: m.to, subject: m.subject, text, html, template: m.template });
}

export function sendRegistrationVerification(db: Db, config: Config, m: { cid: number; to: string; firstName: string; organizationName: string; token: string }) {
  return send(db, {
    cid: m.cid,
    to: m.to,
    subject: 'Verify your e-mail address for the Support Center',
    template: 'registration-verification',
    lines: [`Hello ${m.firstName},`, `Please confirm that this address is yours to continue your registration with ${m.organizationName}.`, { href: publicUrl(config, `/verify/${m.token}`), label: 'Verify my e-mail address' }],
  });
}

export function sendApprovalRequest(
  db: Db,
  config: Config,
  m: { cid: number; to: string; approverFirstName: string; approverContactId: number; registrant: { firstName: string; lastName: string; email: string; phone: string | null }; organizationName: string; token: string },
) {
  const link = (approved: boolean) => publicUrl(config, `/pendingcontact?approved=${approved}&approvercontactid=${m.approverContactId}&ac=${encodeURIComponent(m.token)}`);
  const r = m.registrant;
  return send(db, {
    cid: m.cid,
    to: m.to,
    subject: `Registration to approve: ${r.firstName} ${r.lastName}`,
    template: 'pending-contact-approval',
    lines: [
      `Hello ${m.approverFirstName},`,
      `${r.firstName} ${r.lastName} (${r.email}${r.phone ? `, ${r.phone}` : ''}) registered for the ${m.organizationName} Support Center and verified the e-mail address.`,
      { href: link(true), label: 'Approve' },
      { href: link(false), label: 'Disapprove' },
    ],
  });
}

export function sendRegistrationDecision(db: Db, config: Config, m: { cid: number; to: string; firstName: string; organizationName: string; approved: boolean }) {
  return send(db, {
    cid: m.cid,
    to: m.to,
    subject: m.approved ? 'Your Support Center registration is approved' : 'Your Support Center registration was not approved',
    template: 'registration-decision',
    lines: m.approved
      ? [`Hello ${m.firstName},`, `Your registration with ${m.organizationName} is approved. Sign in with your e-mail address and the password you chose.`, { href: publicUrl(config, '/'), label: 'Sign in' }]
      : [`Hello ${m.firstName},`, `Your registration with ${m.organizationName} was not approved. If you think this is a mistake, contact your organization's administrator.`],
  });
}

export function sendPasswordReset(db: Db, config: Config, m: { cid: number; to: string; firstName: string; token: string; minutes: number }) {
  return send(db, {
    cid: m.cid,
    to: m.to,
    subject: 'Reset your Support Center password',
    template: 'password-reset',
    lines: [`Hello ${m.firstName},`, `Someone asked to reset the password of this account. The link works once, within ${m.minutes} minutes. If it was not you, ignore this message.`, { href: publicUrl(config, `/reset/${m.token}`), label: 'Choose a new password' }],
  });
}

export function sendPasswordChanged(db: Db, config: Config, m: { cid: number; to: string; firstName: string }) {
  return send(db, {
    cid: m.cid,
    to: m.to,
    subject: 'Your Support Center password was changed',
    template: 'password-changed',
    lines: [`Hello ${m.firstName},`, 'The password of your account was changed and every session was signed out. If this was not you, reset your password now and tell your administrator.', { href: publicUrl(config, '/retrieve'), label: 'Reset my password' }],
  });
}
