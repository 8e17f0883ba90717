import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, emailOutbox } from '../src/db/schema/index.ts';
import { makeContact } from '../src/db/seed/factories.ts';
import { testConfig } from '../src/config.ts';
import { EMAIL_PREFERENCES_LINK_DAYS, emailPreferencesToken, emailPreferencesUrl, publicLink, verifyEmailPreferencesToken } from '../src/mail/links.ts';
import { headersFor, renderMail } from '../src/mail/outbox.ts';
import { TEMPLATE_NAMES, type TemplateData, type TemplateName } from '../src/mail/templates/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers.ts';

const config = testConfig({ publicUrl: 'https://support.example.org', appSecret: 'a'.repeat(40) });
const ticket = { firstName: 'Ada', ticketNo: 'INC-1', shortDescription: 'Printer <offline>', ticketUrl: 'https://support.example.org/app/spa/incident/view/1' };

/** One sample per template: the registry is typed, so a template added without a sample fails the typecheck. */
const samples: { [N in TemplateName]: TemplateData<N> } = {
  invitation: { firstName: 'Ada', inviterName: 'Bob Admin', organizationName: 'Acme', userTypeLabel: 'User', registerUrl: 'https://support.example.org/app/spa/register?IGID=tok', validDays: 7 },
  registrationVerification: { firstName: 'Ada', verifyUrl: 'https://support.example.org/app/spa/verify/g1', validHours: 24 },
  pendingContactApproval: {
    approverFirstName: 'Bob',
    registrantName: 'Ada Lovelace',
    registrantEmail: 'ada@acme.example',
    organizationName: 'Acme',
    approveUrl: 'https://support.example.org/app/spa/pendingcontact?a=1',
    disapproveUrl: 'https://support.example.org/app/spa/pendingcontact?d=1',
    validHours: 72,
  },
  registrationApproved: { firstName: 'Ada', organizationName: 'Acme', signInUrl: 'https://support.example.org/app/spa/' },
  registrationDisapproved: { firstName: 'Ada', organizationName: 'Acme' },
  passwordReset: { firstName: 'Ada', resetUrl: 'https://support.example.org/app/spa/reset/g2', validMinutes: 60 },
  passwordChanged: { firstName: 'Ada', retrieveUrl: 'https://support.example.org/app/spa/retrieve' },
  signInAttempts: { firstName: 'Ada', failures: 20, retrieveUrl: 'https://support.example.org/app/spa/retrieve' },
  statusUpdateRequest: {
    ticketNo: 'INC-1',
    shortDescription: 'Printer',
    status: 'Open',
    requesterName: 'Ada',
    requesterEmail: 'ada@acme.example',
    organizationName: 'Acme',
    assigned: true,
    ticketUrl: ticket.ticketUrl,
  },
  ticketNoteAdded: { ...ticket, authorName: 'Tech One', note: 'We replaced the toner.\nPlease try again.' },
  ticketStatusChanged: { ...ticket, oldStatus: 'Open', newStatus: 'In Progress' },
  ticketClosed: ticket,
  surveyInvitation: {
    firstName: 'Ada',
    ticketNo: 'INC-1',
    shortDescription: 'Printer <offline>',
    upUrl: 'https://support.example.org/app/spa/survey?token=1.x&answer=up',
    downUrl: 'https://support.example.org/app/spa/survey?token=1.x&answer=down',
  },
};

describe('templates', () => {
  it.each(TEMPLATE_NAMES)('%s renders HTML and text with the provider, the portal link and the preferences link', async (name) => {
    const m = await renderMail(config, name, samples[name] as never, 42);
    expect(m.subject.length).toBeGreaterThan(5);
    expect(m.html).toMatch(/^<!doctype html>/i);
    expect(m.html).not.toContain('<mj-');
    for (const part of [m.html, m.text]) {
      expect(part).toContain(config.provider.name);
      expect(part).toContain('https://support.example.org/app/spa/');
      expect(part).toContain(emailPreferencesToken(config, 42));
    }
    // Data is escaped in the HTML part and kept as is in the text part.
    if (name.startsWith('ticket')) {
      expect(m.html).toContain('Printer &lt;offline&gt;');
      expect(m.text).toContain('Printer <offline>');
    }
  });

  it('adds one-click List-Unsubscribe headers to notifications only', () => {
    expect(headersFor(config, 'ticketClosed', 42)).toEqual({
      'List-Unsubscribe': `<https://support.example.org/api/v1/mail/unsubscribe?token=${encodeURIComponent(emailPreferencesToken(config, 42))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(headersFor(config, 'invitation', 42)).toEqual({});
    expect(headersFor(config, 'ticketClosed', null)).toEqual({});
  });
});

describe('links', () => {
  it('builds links on PUBLIC_URL', () => {
    expect(publicLink(config, '/app/spa/x?y=1')).toBe('https://support.example.org/app/spa/x?y=1');
    expect(publicLink(config, 'app')).toBe('https://support.example.org/app');
    expect(emailPreferencesUrl(config, 7)).toMatch(/^https:\/\/support\.example\.org\/app\/spa\/preferences\?token=7\.\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the preferences token and refuses a forged, altered or foreign one', () => {
    const token = emailPreferencesToken(config, 7);
    expect(verifyEmailPreferencesToken(config, token)).toBe(7);
    expect(verifyEmailPreferencesToken(config, token.replace(/^7\./, '8.'))).toBeNull();
    // It works for EMAIL_PREFERENCES_LINK_DAYS, then no more; a changed last day breaks the signature.
    const day = 86_400_000;
    const issued = Date.parse('2026-01-10T12:00:00Z');
    const old = emailPreferencesToken(config, 7, issued);
    expect(verifyEmailPreferencesToken(config, old, issued + (EMAIL_PREFERENCES_LINK_DAYS - 1) * day)).toBe(7);
    expect(verifyEmailPreferencesToken(config, old, issued + (EMAIL_PREFERENCES_LINK_DAYS + 1) * day)).toBeNull();
    const [id, last, mac] = old.split('.');
    expect(verifyEmailPreferencesToken(config, `${id}.${Number(last) + 1000}.${mac}`, issued)).toBeNull();
    // The earlier form, without a last day, no longer opens the page.
    expect(verifyEmailPreferencesToken(config, `7.${mac}`)).toBeNull();
    expect(verifyEmailPreferencesToken(config, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyEmailPreferencesToken({ appSecret: 'b'.repeat(40) }, token)).toBeNull();
    expect(verifyEmailPreferencesToken(config, '')).toBeNull();
    expect(verifyEmailPreferencesToken(config, '07.' + token.split('.')[1])).toBeNull();
  });
});

describe('links in queued mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://portal.example.net' });
  });
  afterAll(() => t.close());

  it('an invitation link uses PUBLIC_URL even when Host and X-Forwarded-Host say otherwise', async () => {
    const admin = await signIn(t.app, 'admin@acme.example');
    const [acme] = await t.database.db.select().from(customers).where(eq(customers.name, 'Acme Corporation'));
    const c = await makeContact(t.database.db, { cid: acme!.id, email: 'host.header@acme.example' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, host: 'evil.example', 'x-forwarded-host': 'evil2.example' },
      payload: { contacts: [{ contactId: c.id, userType: 'User' }] },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'host.header@acme.example'));
    expect(mail!.textBody).toMatch(/https:\/\/portal\.example\.net\/app\/spa\/register\?IGID=[A-Za-z0-9_-]+/);
    expect(mail!.htmlBody).toContain('https://portal.example.net/app/spa/register?IGID=');
    expect(`${mail!.textBody}${mail!.htmlBody}`).not.toContain('evil');
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(mail!.template).toBe('invitation');
    expect(mail!.contactId).toBe(c.id);
  });
});
