import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MINUTES } from '@sc/common';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { contacts, customers, webUsers } from './db/schema/index.ts';
import { spaLink } from './mail/links.ts';
import { ensureAppSecret } from './mail/secret.ts';
import { recordAudit } from './audit/record.ts';
import * as mail from './modules/public/mail.ts';
import * as pq from './modules/public/queries.ts';
import { newLinkToken } from './modules/public/tokens.ts';

const USAGE = `usage: npm run create-admin -- --email admin@example.com [--first-name Ada] [--last-name Admin] [--organization "Provider name"] [--code PROVIDER]

Creates the provider's space administrator (an Administrator of the provider organisation with the
space-admin flag) on the configured database (DATABASE_URL, or the embedded one in DATA_DIR), and
prints a single-use link, valid ${RESET_TOKEN_TTL_MINUTES} minutes, where that person chooses the password (the
password-reset page). The same link is e-mailed when SMTP_URL is set. Run it again for a new link.`;

/** npm run create-admin -- --email x@y: the first provider administrator of an empty database (requirements §19.1). */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Space' },
      'last-name': { type: 'string', default: 'Administrator' },
      organization: { type: 'string' },
      code: { type: 'string', default: 'PROVIDER' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    console.error(`--email: an e-mail address is required\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const db = database.db;
    // The e-mail carries signed links (e-mail preferences): the key the servers share.
    await ensureAppSecret(db, config);
    const link = await db.transaction(async (tx) => {
      let [provider] = await tx.select().from(customers).where(eq(customers.isProvider, true)).limit(1);
      provider ??= (
        await tx
          .insert(customers)
          .values({ code: values.code.toUpperCase().slice(0, 32), name: (values.organization ?? config.provider.name).slice(0, 200), isProvider: true })
          .returning()
      )[0]!;
      const [existing] = await tx.select().from(webUsers).where(eq(webUsers.email, email)).limit(1);
      let account: { webUserId: number; contactId: number };
      if (existing) {
        if (existing.cid !== provider.id) throw new Error(`${email} already has an account with another organisation; choose another address`);
        await tx.update(webUsers).set({ userType: 'Administrator', spaceAdmin: true, isActive: true, updatedAt: new Date() }).where(eq(webUsers.id, existing.id));
        await tx.update(contacts).set({ isActive: true, isPending: false }).where(and(eq(contacts.id, existing.contactId), eq(contacts.cid, provider.id)));
        account = { webUserId: existing.id, contactId: existing.contactId };
      } else {
        const [contact] = await tx
          .insert(contacts)
          .values({ cid: provider.id, firstName: values['first-name'].slice(0, 80), lastName: values['last-name'].slice(0, 80), email })
          .returning({ id: contacts.id });
        const [user] = await tx
          .insert(webUsers)
          .values({ cid: provider.id, contactId: contact!.id, email, userType: 'Administrator', spaceAdmin: true, isActive: true, passwordHash: null })
          .returning({ id: webUsers.id });
        account = { webUserId: user!.id, contactId: contact!.id };
      }
      const t = newLinkToken(RESET_TOKEN_TTL_MINUTES * 60_000);
      await pq.voidTokens(tx, account.contactId, 'reset');
      await pq.insertToken(tx, { purpose: 'reset', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: provider.id, contactId: account.contactId, webUserId: account.webUserId });
      await mail.sendPasswordReset(tx, config, { cid: provider.id, contactId: account.contactId, to: email, firstName: values['first-name'], token: t.token, minutes: RESET_TOKEN_TTL_MINUTES });
      await recordAudit(
        tx,
        { cid: provider.id, webUserId: null, contactId: null, email: null, ip: null, userAgent: 'create-admin command' },
        { action: 'admin.create', entity: 'account', entityId: account.webUserId, details: { email, spaceAdmin: true, existing: !!existing } },
      );
      return spaLink(config, `/reset/${t.token}`);
    });
    console.log(`Space administrator ${email} is ready. Choose the password within ${RESET_TOKEN_TTL_MINUTES} minutes at:\n\n  ${link}\n`);
    if (config.smtpUrl) console.log('The same link was queued for e-mail (sent by a running server or node server/dist/mail-relay.js).');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
