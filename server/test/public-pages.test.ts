import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  INVITATION_STATE_MESSAGES,
  PASSWORD_MESSAGES,
  PUBLIC_MESSAGES,
  RETRIEVE_LIMIT_PER_ADDRESS,
  type ErrorResponse,
  type InvitationLookupResponse,
  type InviteRunResponse,
  type PendingContactResponse,
  type SessionResponse,
} from '@sc/common';
import { contacts, customers, emailOutbox, invitations, oneTimeTokens, sessions, webUsers } from '../src/db/schema/index.ts';
import { makeContact, makeWebUser } from '../src/db/seed/factories.ts';
import { createTestApp, sessionCookieOf, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let acmeCid: number;
let globexKey: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin@acme.example');
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.code, 'ACME'));
  const [globex] = await t.database.db.select().from(customers).where(eq(customers.code, 'GLOBEX'));
  acmeCid = acme!.id;
  globexKey = globex!.registrationKey;
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const login = (email: string, password: string) => post('/api/v1/auth/login', { email, password });
const STRONG = 'violet-harbour-lantern-42';

/** The newest e-mail to an address, and the first link token after `marker` in it. */
async function lastMail(to: string) {
  const [m] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1);
  if (!m) throw new Error(`no mail to ${to}`);
  return m;
}
const tokenAfter = (text: string, marker: RegExp) => {
  const m = text.match(marker);
  if (!m?.[1]) throw new Error(`no ${marker} in ${text}`);
  return decodeURIComponent(m[1]);
};
let seq = 0;
const uniqueEmail = (domain = 'acme.example') => `person${Date.now()}${seq++}@${domain}`;

describe('invitation acceptance', () => {
  async function invite(email = uniqueEmail(), userType = 'OperatorLimited') {
    const c = await makeContact(t.database.db, { cid: acmeCid, email, firstName: 'Ines', lastName: 'Invited' });
    const res = await admin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType }] });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMail(email);
    return { contact: c, email, token: tokenAfter(mail.textBody, /IGID=([A-Za-z0-9_%-]+)/), runId: res.json<InviteRunResponse>().runId };
  }

  it('shows the invitee, activates the account with the invited type, signs in, and refuses the link the second time', async () => {
    const { email, token } = await invite();
    const look = (await post('/api/v1/public/invitations/lookup', { token: token })).json<InvitationLookupResponse>();
    expect(look.state).toBe('valid');
    expect(look.invitee).toMatchObject({ firstName: 'Ines', lastName: 'Invited', email, organizationName: 'Acme Corporation', userType: 'OperatorLimited' });

    const weak = await post('/api/v1/public/invitations/accept', { token, password: 'password123', confirmPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorResponse>().fieldErrors?.password).toContain(PASSWORD_MESSAGES.tooWeak);
    const short = await post('/api/v1/public/invitations/accept', { token, password: 'Ab3$x', confirmPassword: 'Ab3$x' });
    expect(short.json<ErrorResponse>().fieldErrors?.password).toBe(PASSWORD_MESSAGES.tooShort);
    const mismatch = await post('/api/v1/public/invitations/accept', { token, password: STRONG, confirmPassword: `${STRONG}x` });
    expect(mismatch.json<ErrorResponse>().fieldErrors?.confirmPassword).toBe(PASSWORD_MESSAGES.mismatch);

    const ok = await post('/api/v1/public/invitations/accept', { token, password: STRONG, confirmPassword: STRONG });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<SessionResponse>().user).toMatchObject({ userName: email, userType: 'OperatorLimited', organizationName: 'Acme Corporation' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: sessionCookieOf(ok) } });
    expect(me.statusCode).toBe(200);
    expect((await login(email, STRONG)).statusCode).toBe(200);

    const again = await post('/api/v1/public/invitations/accept', { token, password: STRONG, confirmPassword: STRONG });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toBe(INVITATION_STATE_MESSAGES.used);
    expect((await post('/api/v1/public/invitations/lookup', { token: token })).json<InvitationLookupResponse>()).toMatchObject({ state: 'used', invitee: null });
  });

  it('refuses a deleted, re-sent-over, expired or unknown invitation, and one of a disabled contact, naming whom to ask', async () => {
    const deleted = await invite();
    const [inv] = await t.database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, deleted.email));
    expect((await admin.post('/api/v1/invitations/delete', { invitationIds: [inv!.id] })).statusCode).toBe(200);
    const lookDeleted = (await post('/api/v1/public/invitations/lookup', { token: deleted.token })).json<InvitationLookupResponse>();
    expect(lookDeleted.state).toBe('revoked');
    expect(lookDeleted.askFrom).toEqual({ name: 'Margaret Holloway', email: 'admin@acme.example' });
    const accept = await post('/api/v1/public/invitations/accept', { token: deleted.token, password: STRONG, confirmPassword: STRONG });
    expect(accept.statusCode).toBe(409);
    expect(accept.json<ErrorResponse>().message).toBe(INVITATION_STATE_MESSAGES.revoked);

    const resent = await invite();
    const [inv2] = await t.database.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, resent.email));
    expect((await admin.post('/api/v1/invitations/resend', { invitationIds: [inv2!.id] })).statusCode).toBe(200);
    expect((await post('/api/v1/public/invitations/lookup', { token: resent.token })).json<InvitationLookupResponse>().state).toBe('revoked');
    const newToken = tokenAfter((await lastMail(resent.email)).textBody, /IGID=([A-Za-z0-9_%-]+)/);
    expect((await post('/api/v1/public/invitations/lookup', { token: newToken })).json<InvitationLookupResponse>().state).toBe('valid');

    const expired = await invite();
    await t.database.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.contactId, expired.contact.id));
    expect((await post('/api/v1/public/invitations/lookup', { token: expired.token })).json<InvitationLookupResponse>().state).toBe('expired');
    expect((await post('/api/v1/public/invitations/accept', { token: expired.token, password: STRONG, confirmPassword: STRONG })).statusCode).toBe(409);

    const disabled = await invite();
    expect((await admin.post(`/api/v1/contacts/${disabled.contact.id}/disable`)).statusCode).toBeLessThan(300);
    expect((await post('/api/v1/public/invitations/lookup', { token: disabled.token })).json<InvitationLookupResponse>().state).toBe('revoked');
    expect((await post('/api/v1/public/invitations/accept', { token: disabled.token, password: STRONG, confirmPassword: STRONG })).statusCode).toBe(409);

    const unknown = await post('/api/v1/public/invitations/accept', { token: 'x'.repeat(43), password: STRONG, confirmPassword: STRONG });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/v1/public/invitations/lookup', { token: 'y'.repeat(43) })).json<InvitationLookupResponse>()).toEqual({ state: 'unknown', invitee: null, askFrom: null });
    const bad = await post('/api/v1/public/invitations/accept', { password: STRONG, confirmPassword: STRONG });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().fieldErrors).toHaveProperty('token');
  });
});

describe('self-registration with approval', () => {
  async function registerAndVerify(email = uniqueEmail(), extra: object = {}) {
    const res = await post('/api/v1/public/register', { firstName: 'Rita', lastName: 'Registrant', email, phone: '555 0100', password: STRONG, confirmPassword: STRONG, ...extra });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: PUBLIC_MESSAGES.registered(email) });
    expect((await login(email, STRONG)).statusCode).toBe(401);
    const verifyToken = tokenAfter((await lastMail(email)).textBody, /\/verify\/([A-Za-z0-9_-]+)/);
    const v = await post('/api/v1/public/verify', { token: verifyToken });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toEqual({ message: PUBLIC_MESSAGES.verified });
    expect((await post('/api/v1/public/verify', { token: verifyToken })).statusCode).toBe(404);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    return { email, contact: contact!, verifyToken };
  }
  const approvalLink = async (to: string, approved: boolean) => {
    const text = (await lastMail(to)).textBody;
    const m = text.match(new RegExp(`pendingcontact\\?approved=${approved}&approvercontactid=(\\d+)&ac=([A-Za-z0-9_%-]+)`));
    if (!m) throw new Error(`no approval link in ${text}`);
    return { approverContactId: Number(m[1]), token: decodeURIComponent(m[2]!) };
  };

  it("registers under the e-mail domain's customer, mails the Administrators bound links; approval lets the registrant sign in as a User, once", async () => {
    const { email, contact } = await registerAndVerify();
    expect(contact).toMatchObject({ cid: acmeCid, isPending: true, firstName: 'Rita', directPhone: '555 0100' });
    const link = await approvalLink('admin@acme.example', true);
    expect(link.approverContactId).toBe(admin.session.user.contactId);

    const wrongApprover = await post('/api/v1/public/pending-contact', { approved: true, approverContactId: link.approverContactId + 1, token: link.token });
    expect(wrongApprover.statusCode).toBe(404);
    expect(wrongApprover.json<ErrorResponse>().message).toBe(PUBLIC_MESSAGES.approvalInvalid);
    // The refused attempt rolled back: the right approver's link still works.
    const ok = await post('/api/v1/public/pending-contact', { approved: true, approverContactId: link.approverContactId, token: link.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PendingContactResponse>()).toEqual({ result: 'Approved', contactName: 'Rita Registrant' });
    expect((await post('/api/v1/public/pending-contact', { approved: true, approverContactId: link.approverContactId, token: link.token })).statusCode).toBe(404);
    expect((await lastMail(email)).template).toBe('registrationApproved');
    const signedIn = await login(email, STRONG);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SessionResponse>().user).toMatchObject({ userType: 'User', organizationName: 'Acme Corporation' });
  });

  it("a second registration of a pending address changes nothing: the owner is told, the first link still works and verifies the first password (issue 33 item 3)", async () => {
    const email = uniqueEmail();
    const form = { firstName: 'Rita', lastName: 'Registrant', email, phone: '555 0100', password: STRONG, confirmPassword: STRONG };
    expect((await post('/api/v1/public/register', form)).statusCode).toBe(202);
    const firstLink = tokenAfter((await lastMail(email)).textBody, /\/verify\/([A-Za-z0-9_-]+)/);
    const [before] = await t.database.db.select({ hash: webUsers.passwordHash }).from(webUsers).where(eq(webUsers.email, email));

    const attacker = 'attacker-chosen-Passw0rd-77';
    const again = await post('/api/v1/public/register', { ...form, firstName: 'Mallory', password: attacker, confirmPassword: attacker }, '10.9.9.9');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: PUBLIC_MESSAGES.registered(email) });
    const notice = await lastMail(email);
    expect(notice.subject).toMatch(/waiting for verification/);
    expect(notice.textBody).toMatch(/Hello Rita,/);
    expect(notice.textBody).toMatch(/nothing was changed/);
    const [after] = await t.database.db.select({ hash: webUsers.passwordHash }).from(webUsers).where(eq(webUsers.email, email));
    expect(after!.hash).toBe(before!.hash);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(contact!.firstName).toBe('Rita');

    // The owner's first link still verifies; approved, the first password works and the second one never does.
    expect((await post('/api/v1/public/verify', { token: firstLink })).statusCode).toBe(200);
    const link = await approvalLink('admin@acme.example', true);
    expect((await post('/api/v1/public/pending-contact', { approved: true, approverContactId: link.approverContactId, token: link.token })).statusCode).toBe(200);
    expect((await login(email, attacker)).statusCode).toBe(401);
    expect((await login(email, STRONG)).statusCode).toBe(200);
  });

  it('disapproval disables the registrant, who is told and cannot sign in', async () => {
    const { email, contact } = await registerAndVerify();
    const link = await approvalLink('admin@acme.example', false);
    const res = await post('/api/v1/public/pending-contact', { approved: false, approverContactId: link.approverContactId, token: link.token });
    expect(res.json<PendingContactResponse>().result).toBe('Disapproved');
    const [after] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after).toMatchObject({ isPending: false, isActive: false });
    expect((await lastMail(email)).template).toBe('registrationDisapproved');
    expect((await login(email, STRONG)).statusCode).toBe(401);
  });

  it("self-registers through a customer's registration link; the contact form's Approve does what the link does and voids it", async () => {
    expect((await get(`/api/v1/public/registration/${globexKey}`)).json()).toEqual({ organizationName: 'Globex Corporation' });
    expect((await get('/api/v1/public/registration/no-such-link')).statusCode).toBe(404);
    const { email, contact } = await registerAndVerify(uniqueEmail('gmail.example'), { gid: globexKey });
    expect(contact.cid).not.toBe(acmeCid);
    const link = await approvalLink('admin@globex.example', true);
    const globexAdmin = await signIn(t.app, 'admin@globex.example');
    expect((await admin.post(`/api/v1/contacts/${contact.id}/approve`)).statusCode).toBe(403);
    const approve = await globexAdmin.post('/app/kapps/customer-portal/webApis/contact-approve-authenticated', contact.id);
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await login(email, STRONG)).statusCode).toBe(200);
    expect((await lastMail(email)).template).toBe('registrationApproved');
    expect((await post('/api/v1/public/pending-contact', { approved: false, approverContactId: link.approverContactId, token: link.token })).statusCode).toBe(404);
  });

  it('answers the same for an address that already has an account, and mails its owner a reset link instead', async () => {
    const before = await lastMail('user@acme.example').catch(() => undefined);
    const res = await post('/api/v1/public/register', { firstName: 'Eve', lastName: 'Else', email: 'user@acme.example', password: STRONG, confirmPassword: STRONG });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PUBLIC_MESSAGES.registered('user@acme.example') });
    const mail = await lastMail('user@acme.example');
    expect(mail.id).not.toBe(before?.id);
    expect(mail.textBody).toMatch(/\/reset\/[A-Za-z0-9_-]+/);
    expect((await login('user@acme.example', 'demo-password-1')).statusCode).toBe(200);
  });

  it('refuses an unknown domain or link, a weak password and bad fields by name', async () => {
    const base = { firstName: 'A', lastName: 'B', password: STRONG, confirmPassword: STRONG };
    const noDomain = await post('/api/v1/public/register', { ...base, email: 'x@nowhere.example' });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json<ErrorResponse>().fieldErrors?.email).toBe(PUBLIC_MESSAGES.noCustomerForDomain);
    const badGid = await post('/api/v1/public/register', { ...base, email: 'x@nowhere.example', gid: 'nope' });
    expect(badGid.json<ErrorResponse>().fieldErrors?.gid).toBe(PUBLIC_MESSAGES.unknownRegistrationLink);
    const weak = await post('/api/v1/public/register', { ...base, email: uniqueEmail(), password: 'acmeacme1', confirmPassword: 'acmeacme1' });
    expect(weak.json<ErrorResponse>().fieldErrors).toHaveProperty('password');
    // Context-specific words (ASVS 6.2.11): the organisation's name run together, the product's name.
    for (const password of ['AcmeCorporation2026', 'SupportCenter2026']) {
      const contextual = await post('/api/v1/public/register', { ...base, email: uniqueEmail(), password, confirmPassword: password });
      expect(contextual.statusCode, password).toBe(400);
      expect(contextual.json<ErrorResponse>().fieldErrors?.password, password).toContain(PASSWORD_MESSAGES.tooWeak);
    }
    const missing = await post('/api/v1/public/register', { email: 'not-an-address' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<ErrorResponse>().fieldErrors ?? {})).toEqual(expect.arrayContaining(['firstName', 'email']));
    const badApproval = await post('/api/v1/public/pending-contact', { approved: 'maybe', approverContactId: 'x', token: 'short' });
    expect(badApproval.statusCode).toBe(400);
  });
});

describe('password retrieve and reset', () => {
  async function account() {
    const email = uniqueEmail();
    const c = await makeContact(t.database.db, { cid: acmeCid, email, firstName: 'Paula', lastName: 'Forgetful' });
    await makeWebUser(t.database.db, { contactId: c.id, userType: 'User', password: 'old-password-for-paula' });
    return email;
  }

  it('gives the same answer for any address, mails a single-use link; the new password works, the old one not, other sessions end', async () => {
    const email = await account();
    const other = await signIn(t.app, email, 'old-password-for-paula');
    const unknown = await post('/api/v1/public/password/retrieve', { email: 'nobody@acme.example' }, '10.0.1.1');
    const known = await post('/api/v1/public/password/retrieve', { email }, '10.0.1.1');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json<{ message: string }>().message).toBe(PUBLIC_MESSAGES.retrieveSent('nobody@acme.example'));
    expect(known.json<{ message: string }>().message).toBe(PUBLIC_MESSAGES.retrieveSent(email));
    const token = tokenAfter((await lastMail(email)).textBody, /\/reset\/([A-Za-z0-9_-]+)/);
    const stored = await t.database.db.select({ h: oneTimeTokens.tokenHash, exp: oneTimeTokens.expiresAt }).from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'reset')).orderBy(desc(oneTimeTokens.id)).limit(1);
    expect(stored[0]!.h).not.toContain(token);
    expect(stored[0]!.exp.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);

    expect((await post('/api/v1/public/password/reset/lookup', { token: token })).json()).toEqual({ valid: true, email, organizationName: 'Acme Corporation' });
    const weak = await post('/api/v1/public/password/reset', { token, password: 'qwertyuiop', confirmPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    const ok = await post('/api/v1/public/password/reset', { token, password: STRONG, confirmPassword: STRONG });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ message: string }>().message).toBe(PUBLIC_MESSAGES.passwordChanged);
    expect((await other.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await login(email, 'old-password-for-paula')).statusCode).toBe(401);
    expect((await login(email, STRONG)).statusCode).toBe(200);
    expect((await lastMail(email)).template).toBe('passwordChanged');
    const again = await post('/api/v1/public/password/reset', { token, password: `${STRONG}!`, confirmPassword: `${STRONG}!` });
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorResponse>().message).toBe(PUBLIC_MESSAGES.resetInvalid);
    expect((await post('/api/v1/public/password/reset/lookup', { token: token })).json()).toEqual({ valid: false, email: null, organizationName: null });
  });

  it('a newer link voids the older one, and an expired link is refused', async () => {
    const email = await account();
    await post('/api/v1/public/password/retrieve', { email }, '10.0.2.1');
    const first = tokenAfter((await lastMail(email)).textBody, /\/reset\/([A-Za-z0-9_-]+)/);
    await post('/api/v1/public/password/retrieve', { email }, '10.0.2.1');
    const second = tokenAfter((await lastMail(email)).textBody, /\/reset\/([A-Za-z0-9_-]+)/);
    expect((await post('/api/v1/public/password/reset/lookup', { token: first })).json<{ valid: boolean }>().valid).toBe(false);
    expect((await post('/api/v1/public/password/reset/lookup', { token: second })).json<{ valid: boolean }>().valid).toBe(true);
    const [acc] = await t.database.db.select().from(webUsers).where(eq(webUsers.email, email));
    await t.database.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(oneTimeTokens.webUserId, acc!.id));
    expect((await post('/api/v1/public/password/reset', { token: second, password: STRONG, confirmPassword: STRONG })).statusCode).toBe(404);
  });

  it('limits requests per address and per client', async () => {
    const email = await account();
    for (let i = 0; i < RETRIEVE_LIMIT_PER_ADDRESS; i++) {
      expect((await post('/api/v1/public/password/retrieve', { email }, `10.1.0.${i}`)).statusCode).toBe(202);
    }
    const limited = await post('/api/v1/public/password/retrieve', { email }, '10.1.0.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorResponse>().message).toBe(PUBLIC_MESSAGES.tooManyRequests);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/api/v1/public/password/retrieve', { email: `n${i}@nowhere.example` }, '10.2.0.1')).statusCode;
    expect(last).toBe(429);
    expect((await post('/api/v1/public/password/retrieve', { email: 'bad' })).json<ErrorResponse>().fieldErrors).toHaveProperty('email');
  });

  it('ends the sessions in the database too', async () => {
    const email = await account();
    await signIn(t.app, email, 'old-password-for-paula');
    const [acc] = await t.database.db.select().from(webUsers).where(eq(webUsers.email, email));
    await post('/api/v1/public/password/retrieve', { email }, '10.3.0.1');
    const token = tokenAfter((await lastMail(email)).textBody, /\/reset\/([A-Za-z0-9_-]+)/);
    await post('/api/v1/public/password/reset', { token, password: STRONG, confirmPassword: STRONG });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.webUserId, acc!.id))).toEqual([]);
  });
});

describe('e-mail preferences from the signed link', () => {
  it('edits, without signing in, the same four choices as the signed-in User Preferences dialog', async () => {
    const user = await signIn(t.app, 'user@acme.example');
    await post('/api/v1/public/password/retrieve', { email: 'user@acme.example' }, '10.4.0.1');
    const token = tokenAfter((await lastMail('user@acme.example')).textBody, /\/preferences\?token=([A-Za-z0-9._%-]+)/);
    const page = await post('/api/v1/public/email-preferences/lookup', { token: token });
    expect(page.statusCode, page.body).toBe(200);
    // The address is masked: a forwarded e-mail's link shows no more than its greeting did.
    expect(page.json()).toMatchObject({ firstName: 'Thomas', email: 'u•••@acme.example' });
    expect(page.body).not.toContain('user@acme.example');
    const choices = { emailOnTicketCreated: false, emailOnTicketUpdated: true, emailOnTicketClosed: false, emailOnNewAction: true };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/public/email-preferences', payload: { token, ...choices } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await user.get('/api/v1/preferences')).json()).toMatchObject(choices);

    const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    const refused = await post('/api/v1/public/email-preferences/lookup', { token: forged });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorResponse>().message).toBe(PUBLIC_MESSAGES.preferencesInvalid);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/public/email-preferences', payload: { token, emailOnTicketCreated: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().fieldErrors).toHaveProperty('emailOnTicketCreated');
  });
});

describe("the customer's registration link", () => {
  it('is given to its Administrator only, and leads to self-registration with that customer', async () => {
    const res = await admin.get('/api/v1/invitations/registration-link');
    expect(res.statusCode).toBe(200);
    const [acme] = await t.database.db.select().from(customers).where(eq(customers.id, acmeCid));
    expect(res.json()).toEqual({ url: `${t.config.publicUrl}/app/spa/register/${acme!.registrationKey}` });
    for (const email of ['operator@acme.example', 'limited@acme.example', 'user@acme.example']) {
      const other = await signIn(t.app, email);
      expect((await other.get('/api/v1/invitations/registration-link')).statusCode, email).toBe(403);
    }
    expect((await get('/api/v1/invitations/registration-link')).statusCode).toBe(401);
    const globexAdmin = await signIn(t.app, 'admin@globex.example');
    expect((await globexAdmin.get('/api/v1/invitations/registration-link')).json()).toEqual({ url: `${t.config.publicUrl}/app/spa/register/${globexKey}` });
  });
});
