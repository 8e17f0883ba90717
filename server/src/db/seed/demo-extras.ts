import { createHash } from 'node:crypto';
import type { Db } from '../client.ts';
import {
  GLOBAL_BANNER_PARTITION,
  balanceTransactions,
  bannerMessages,
  customerBannerPartition,
  emailPreferences,
  invitations,
  invoiceLines,
  jobProducts,
  jobs,
  managedServices,
  ticketFilters,
  tickets,
  timeEntries,
  userPreferences,
} from '../schema/index.ts';
import { eq } from 'drizzle-orm';
import {
  buildInvoiceLine,
  buildJob,
  buildJobProduct,
  buildManagedService,
  buildTimeEntry,
  centsToMoney,
  isoDate,
  money2,
  type NewBalanceTransaction,
  type NewInvoiceLine,
  type NewTimeEntry,
} from './billing-factories.ts';
import type { DemoContext, DemoOrg } from './demo.ts';
import { seedFormCatalog } from './demo-forms.ts';
import { FAR_FUTURE, REFERENCE_DATE, insertMany, reserveIds } from './random.ts';

const DAY = 86_400_000;
const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

/** Jobs and billing, banners, saved filters, preferences, invitations and the form-engine forms. */
export async function seedDemoExtras(db: Db, ctx: DemoContext): Promise<void> {
  let transNo = 100_000;
  for (const org of ctx.clients) transNo = await seedBilling(db, ctx, org, transNo);
  await seedBanners(db, ctx);
  await seedFilters(db, ctx);
  await seedPreferences(db, ctx);
  await seedInvitations(db, ctx);
  await seedFormCatalog(db);
}

async function seedBilling(db: Db, ctx: DemoContext, org: DemoOrg, transNo: number): Promise<number> {
  const { f } = ctx;
  const cid = org.customer.id;
  const jobRows = await insertMany(db, jobs, [
    buildJob(f, { cid, jobNum: `J${cid}0001`, internalShortDesc: 'Managed Services Agreement', jobStatus: 'Active', startDate: '2024-01-01', endDate: '2026-12-31' }),
    buildJob(f, { cid, jobNum: `J${cid}0002`, internalShortDesc: 'Backup and Disaster Recovery', jobStatus: 'Active', startDate: '2024-06-01', endDate: '2027-05-31' }),
    buildJob(f, { cid, jobNum: `J${cid}0003`, internalShortDesc: 'Office Relocation Project', jobStatus: 'Closed', startDate: '2025-02-01', endDate: '2025-04-30' }),
  ]);
  await insertMany(
    db,
    managedServices,
    jobRows.flatMap((job) =>
      Array.from({ length: f.number.int({ min: 3, max: 5 }) }, (_, i) =>
        buildManagedService(f, { cid, jobId: job.id, okToInvoice: i !== 0 || job.jobStatus === 'Active', isClosed: job.jobStatus === 'Closed' }),
      ),
    ),
  );
  await insertMany(db, jobProducts, jobRows.flatMap((job) => Array.from({ length: f.number.int({ min: 4, max: 6 }) }, () => buildJobProduct(f, { cid, jobId: job.id }))));

  // Monthly invoices on the main agreement for two years, most paid, a few credit memos; the backup
  // agreement billed quarterly at a fixed price. Transaction ids follow the calendar (TransID order is
  // the statement's order), so every row is built first and numbered by date before it is inserted.
  const main = jobRows[0]!;
  const backup = jobRows[1]!;
  type Tx = NewBalanceTransaction & { lines?: Omit<NewInvoiceLine, 'invoiceId'>[]; appliedTo?: Tx };
  const invoices: Tx[] = [];
  for (let m = 0; m < 24; m++) {
    const date = new Date(Date.UTC(2024, 10 + m, 1));
    const invLines = Array.from({ length: f.number.int({ min: 2, max: 4 }) }, () => buildInvoiceLine(f, { cid, invoiceId: 0 }));
    // Exact: integer cents (the demo's quantities are whole), never a float sum of dollars.
    const cents = invLines.reduce((sum, l) => sum + Number(l.quantity) * Math.round(Number(l.price) * 100), 0);
    invoices.push({ cid, jobId: main.id, transNum: '', transType: 'INVOICE', transDate: isoDate(date), amount: centsToMoney(cents), lines: invLines });
  }
  const applied: Tx[] = [];
  for (const [i, inv] of invoices.entries()) {
    if (i < invoices.length - 2) {
      const paidOn = new Date(new Date(inv.transDate).getTime() + f.number.int({ min: 10, max: 35 }) * DAY);
      applied.push({ cid, jobId: main.id, transNum: '', transType: 'PAYMENT', transDate: isoDate(paidOn), amount: inv.amount, appliedTo: inv });
    }
    if (i % 8 === 5) {
      const amount = money2(f.number.int({ min: 50, max: 300 }));
      applied.push({ cid, jobId: main.id, transNum: '', transType: 'CREDIT MEMO', transDate: inv.transDate, amount, appliedTo: inv });
    }
  }
  // Quarterly backup invoices (3 × 300.00 + 3 × 115.00 = 1245.00); every quarter but the last is paid.
  const quarterly: Tx[] = Array.from({ length: 6 }, (_, q) => ({
    cid,
    jobId: backup.id,
    transNum: '',
    transType: 'INVOICE' as const,
    transDate: isoDate(new Date(Date.UTC(2025, q * 3, 1))),
    amount: '1245.00',
    lines: [
      { cid, item: 'BDR-SIRIS', description: 'Datto SIRIS 2TB appliance, quarterly', quantity: '3', price: '300.00' },
      { cid, item: 'BDR-CLOUD', description: 'Cloud retention per TB, quarterly', quantity: '3', price: '115.00' },
    ],
  }));
  const quarterlyPaid: Tx[] = quarterly.slice(0, -1).map((inv) => ({
    cid,
    jobId: backup.id,
    transNum: '',
    transType: 'PAYMENT' as const,
    transDate: isoDate(new Date(new Date(inv.transDate).getTime() + 21 * DAY)),
    amount: inv.amount,
    appliedTo: inv,
  }));
  const kindOrder = { INVOICE: 0, 'CREDIT MEMO': 1, PAYMENT: 2 } as const;
  const all = [...invoices, ...applied, ...quarterly, ...quarterlyPaid].sort(
    (a, b) => a.transDate.localeCompare(b.transDate) || kindOrder[a.transType] - kindOrder[b.transType] || a.jobId - b.jobId,
  );
  const ids = await reserveIds(db, 'balance_transactions', all.length);
  const prefix = { INVOICE: 'INV', PAYMENT: 'PAY', 'CREDIT MEMO': 'CM' } as const;
  all.forEach((t, i) => {
    t.id = ids[i]!;
    t.transNum = `${prefix[t.transType]}-${++transNo}`;
  });

  // Time entries: mostly on the customer's tickets, the older ones invoiced by the next invoice of their agreement.
  const ticketRows = await db
    .select({ id: tickets.id, openDate: tickets.openDate })
    .from(tickets)
    .where(eq(tickets.cid, cid))
    .orderBy(tickets.id);
  const entries: NewTimeEntry[] = [];
  for (let i = 0; i < 60; i++) {
    const ticket = f.datatype.boolean(0.75) ? f.helpers.arrayElement(ticketRows) : null;
    const timeIn = ticket ? new Date(ticket.openDate.getTime() + f.number.int({ min: 1, max: 48 }) * 3_600_000) : f.date.between({ from: '2024-11-01', to: REFERENCE_DATE });
    const member = f.helpers.arrayElement(ctx.staff.slice(6));
    const mainInvoice = invoices.find((inv) => inv.transDate > isoDate(timeIn));
    const isInvoiced = !!mainInvoice && f.datatype.boolean(0.8);
    const entry = buildTimeEntry(f, {
      cid,
      jobId: f.datatype.boolean(0.8) ? main.id : backup.id,
      ticketId: ticket?.id ?? null,
      staffId: member.id,
      memberName: `${member.firstName} ${member.lastName}`,
      timeIn,
      isInvoiced,
    });
    const invoice = (entry.jobId === main.id ? invoices : quarterly).find((inv) => inv.transDate > isoDate(timeIn));
    entry.isInvoiced = isInvoiced && !!invoice;
    entry.invoiceId = entry.isInvoiced ? invoice!.id! : null;
    entries.push(entry);
  }
  // Include Time Activity: the invoices that bill time entries show the 'Time Data' link.
  for (const t of all) t.includeTimeActivity = t.transType === 'INVOICE' && entries.some((e) => e.invoiceId === t.id);
  await insertMany(
    db,
    balanceTransactions,
    all.map(({ lines: _lines, appliedTo, ...t }) => ({ ...t, invoiceAppliedId: appliedTo?.id ?? null })),
  );
  await insertMany(
    db,
    invoiceLines,
    all.flatMap((t) => (t.lines ?? []).map((l) => ({ ...l, invoiceId: t.id! }))),
  );
  await insertMany(db, timeEntries, entries);
  return transNo;
}

async function seedBanners(db: Db, ctx: DemoContext): Promise<void> {
  const acme = ctx.clients[0]!;
  await db.insert(bannerMessages).values([
    {
      partitionKey: GLOBAL_BANNER_PARTITION,
      cid: null,
      message: 'Planned maintenance: the support phone line will be unavailable on Saturday from 22:00 to 23:00 ET.',
      expirationDate: isoDate(FAR_FUTURE),
      updatedDate: REFERENCE_DATE,
      updatedBy: 'staff@provider.example',
    },
    {
      partitionKey: customerBannerPartition(acme.customer.code),
      cid: acme.customer.id,
      message: 'Acme staff: the new VPN client must be installed by the end of the month.',
      expirationDate: isoDate(FAR_FUTURE),
      updatedDate: REFERENCE_DATE,
      updatedBy: 'admin@acme.example',
    },
  ]);
}

async function seedFilters(db: Db, ctx: DemoContext): Promise<void> {
  const account = (email: string) => ctx.clients.flatMap((o) => o.accounts).find((a) => a.user.email === email)!;
  const defs = [
    { email: 'admin@acme.example', searchType: 'Incidents', name: 'Open VIP Incidents', isPublic: true, criteria: { Status: 'Open', IsVIP: '-1' } },
    { email: 'admin@acme.example', searchType: 'Incidents', name: 'My Escalations', isPublic: false, criteria: { Status: 'Escalation' } },
    { email: 'admin@acme.example', searchType: 'Requests', name: 'Open Requests', isPublic: true, criteria: { Status: 'Open' } },
    { email: 'operator@acme.example', searchType: 'Requests', name: 'Scheduled Requests', isPublic: false, criteria: { Status: 'Open', IsRequestScheduled: '-1' } },
    { email: 'operator@acme.example', searchType: 'Incidents', name: 'Critical Priority', isPublic: true, criteria: { IncidentPriority: 'Critical' } },
    { email: 'admin@globex.example', searchType: 'Incidents', name: 'On Hold Incidents', isPublic: true, criteria: { Status: 'On Hold' } },
  ] as const;
  await db.insert(ticketFilters).values(
    defs.map((d) => {
      const a = account(d.email);
      return {
        id: md5(d.name),
        cid: a.user.cid,
        searchType: d.searchType,
        searchName: d.name,
        isPublic: d.isPublic,
        ownerWebUserId: a.user.id,
        ownerName: `${a.contact.firstName} ${a.contact.lastName}`,
        criteria: { ...d.criteria },
        updatedDate: REFERENCE_DATE,
        updatedBy: d.email,
      };
    }),
  );
}

async function seedPreferences(db: Db, ctx: DemoContext): Promise<void> {
  const { f } = ctx;
  const orgs = [ctx.provider, ...ctx.clients];
  await db.insert(userPreferences).values(
    orgs.flatMap((o) =>
      o.accounts.map((a, i) => ({
        webUserId: a.user.id,
        cid: a.user.cid,
        timeZone: i % 3 === 0 ? null : a.contact.timeZone,
        // The demo accounts start from the defaults (10 rows, the browser's colour scheme): each user
        // chooses in User Preferences, and the screens look the same for every demo sign-in.
        pageSize: 10,
        theme: 'system' as const,
        officePhone: a.contact.directPhone,
        mobilePhone: a.contact.mobilePhone,
        emailOnNewAction: i % 2 === 0,
      })),
    ),
  );
  await db.insert(emailPreferences).values(
    ctx.clients.flatMap((o) =>
      f.helpers.arrayElements(o.contacts.slice(1), 4).map((c) => ({ contactId: c.id, cid: c.cid, optOutMarketing: true, optOutSurveys: f.datatype.boolean(0.5) })),
    ),
  );
}

async function seedInvitations(db: Db, ctx: DemoContext): Promise<void> {
  const { f } = ctx;
  const rows: (typeof invitations.$inferInsert)[] = [];
  for (const org of ctx.clients) {
    const withAccount = new Set(org.accounts.map((a) => a.contact.id));
    const admin = org.accounts.find((a) => a.user.userType === 'Administrator');
    const candidates = org.contacts.filter((c) => c.isActive && !c.isPending && !withAccount.has(c.id));
    for (const [i, c] of candidates.slice(0, 3).entries()) {
      rows.push({
        cid: c.cid,
        contactId: c.id,
        invitedByWebUserId: admin?.user.id ?? null,
        userType: i === 2 ? 'Operator' : 'User',
        email: c.email!,
        runId: f.string.uuid(),
        status: 'sent',
        sentAt: new Date(REFERENCE_DATE.getTime() - (i + 1) * 3 * DAY),
      });
    }
  }
  await db.insert(invitations).values(rows);
}

