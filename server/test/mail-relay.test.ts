import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema/index.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { backoffMs, startMailRelay } from '../src/mail/relay.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';

let t: TestApp;
let sink: MailSink;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({ mailFrom: 'Northwind Support <support@northwind.example>' });
  t.config.smtpUrl = sink.url;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const row = async (id: number) => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const closed = (to: string, contactId: number | null = null) =>
  enqueueMail(t.database.db, t.config, {
    cid: null,
    contactId,
    to,
    template: 'ticketClosed',
    data: { firstName: 'Ada', ticketNo: 'INC-9', shortDescription: 'Printer', ticketUrl: 'http://portal.test/app/spa/incident/view/9' },
  });
/** Only this test's rows are due: park every other pending row (the demo data queues none, other tests may). */
const onlyDue = async (ids: number[]) => {
  await t.database.db.execute(sql`update email_outbox set next_attempt_at = now() + interval '1 day' where status = 'pending' and id <> all(${`{${ids.join(',')}}`}::bigint[])`);
};

describe('mail relay over SMTP', () => {
  it('sends a queued mail with its stored Message-ID, MAIL_FROM, text and HTML, and marks it sent', async () => {
    const q = await closed('relay.one@acme.example', 5);
    await onlyDue([q.id]);
    const relay = startMailRelay(t.database.db, t.config, { autoStart: false });
    expect(await relay.drain()).toBe(1);
    await relay.stop();
    const m = await sink.waitFor('relay.one@acme.example');
    expect(m.messageId).toBe(q.messageId);
    expect(m.from?.value[0]?.address).toBe('support@northwind.example');
    expect(m.subject).toBe('INC-9 is closed');
    expect(m.text).toContain('INC-9: Printer is now closed.');
    expect(m.html).toContain('http://portal.test/app/spa/incident/view/9');
    // RFC 8058 one-click unsubscribe on a notification.
    expect(m.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(m.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/<http:\/\/portal\.test\/api\/v1\/mail\/unsubscribe\?token=5\.\d+\.[A-Za-z0-9_-]+>/);
    const r = await row(q.id);
    expect(r).toMatchObject({ status: 'sent', attempts: 1, claimedBy: null, lastError: null });
    expect(r.sentAt).not.toBeNull();
  });

  it('retries a refused mail with back-off, keeps the SMTP answer, and fails it after the last attempt', async () => {
    const q = await closed('relay.refused@acme.example');
    await onlyDue([q.id]);
    sink.refuse({ code: 421, message: 'Service busy, try later' });
    const relay = startMailRelay(t.database.db, t.config, { autoStart: false, maxAttempts: 2, backoffBaseMs: 60_000 });
    expect(await relay.runOnce()).toBe(1);
    let r = await row(q.id);
    expect(r.status).toBe('pending');
    expect(r.attempts).toBe(1);
    expect(r.lastError).toContain('421');
    expect(r.lastError).toContain('Service busy');
    expect(r.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the next round does nothing.
    expect(await relay.runOnce()).toBe(0);
    await t.database.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.id, q.id));
    expect(await relay.runOnce()).toBe(1);
    r = await row(q.id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(2);
    expect(r.lastError).toContain('421');
    sink.refuse(null);
    await relay.stop();
    expect(sink.to('relay.refused@acme.example')).toHaveLength(0);
  });

  it("leaves a row another relay holds alone, and takes it over with the same Message-ID once that relay's lease has run out", async () => {
    const q = await closed('relay.lease@acme.example');
    await onlyDue([q.id]);
    await t.database.db.update(emailOutbox).set({ claimedBy: 'crashed-relay', claimedUntil: new Date(Date.now() + 3_600_000), attempts: 1 }).where(eq(emailOutbox.id, q.id));
    const relay = startMailRelay(t.database.db, t.config, { autoStart: false });
    expect(await relay.runOnce()).toBe(0);
    await t.database.db.update(emailOutbox).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(emailOutbox.id, q.id));
    expect(await relay.runOnce()).toBe(1);
    await relay.stop();
    const m = await sink.waitFor('relay.lease@acme.example');
    expect(m.messageId).toBe(q.messageId);
    expect(await row(q.id)).toMatchObject({ status: 'sent', attempts: 2, claimedBy: null });
  });

  it('two relays working at once never send one row twice (FOR UPDATE SKIP LOCKED)', async () => {
    const queued = [];
    for (let i = 0; i < 30; i++) queued.push(await closed(`relay.pair.${i}@acme.example`));
    await onlyDue(queued.map((q) => q.id));
    const a = startMailRelay(t.database.db, t.config, { autoStart: false, batchSize: 7 });
    const b = startMailRelay(t.database.db, t.config, { autoStart: false, batchSize: 7 });
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(na + nb).toBe(30);
    for (let i = 0; i < 30; i++) expect(sink.to(`relay.pair.${i}@acme.example`)).toHaveLength(1);
  });

  it('stop() releases the rows it claimed and did not attempt, without counting an attempt', async () => {
    const a = await closed('relay.stop.a@acme.example');
    await onlyDue([a.id]);
    const relay = startMailRelay(t.database.db, t.config, { autoStart: false, instanceId: 'stopping-relay' });
    // Claim as the relay would, then stop before delivering.
    await t.database.db.update(emailOutbox).set({ claimedBy: 'stopping-relay', claimedUntil: new Date(Date.now() + 600_000), attempts: 1 }).where(eq(emailOutbox.id, a.id));
    await relay.stop();
    expect(await row(a.id)).toMatchObject({ status: 'pending', claimedBy: null, claimedUntil: null, attempts: 0 });
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000]);
  });
});

describe('mail relay without SMTP_URL (preview)', () => {
  it('keeps the mail as preview instead of sending it', async () => {
    const q = await closed('relay.preview@acme.example');
    await onlyDue([q.id]);
    const relay = startMailRelay(t.database.db, { ...t.config, smtpUrl: undefined }, { autoStart: false });
    expect(await relay.drain()).toBe(1);
    await relay.stop();
    expect(await row(q.id)).toMatchObject({ status: 'preview', attempts: 1 });
    expect(sink.to('relay.preview@acme.example')).toHaveLength(0);
  });
});
