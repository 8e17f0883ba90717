import type { Faker } from '@faker-js/faker';
import type { Db } from '../client.ts';
import { balanceTransactions, invoiceLines, jobProducts, jobs, managedServices, timeEntries } from '../schema/index.ts';
import { testFaker } from './random.ts';

type Job = typeof jobs.$inferSelect;
type NewJob = typeof jobs.$inferInsert;
type NewManagedService = typeof managedServices.$inferInsert;
export type NewBalanceTransaction = typeof balanceTransactions.$inferInsert;
type BalanceTransaction = typeof balanceTransactions.$inferSelect;
export type NewInvoiceLine = typeof invoiceLines.$inferInsert;
type NewJobProduct = typeof jobProducts.$inferInsert;
export type NewTimeEntry = typeof timeEntries.$inferInsert;

export const money2 = (n: number): string => n.toFixed(2);
/** Integer cents as a 2-decimal string ('1234.05'), without floating point. */
export const centsToMoney = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

const AGREEMENTS = [
  'Managed Services Agreement',
  'Backup and Disaster Recovery',
  'Cyber Security Monitoring',
  'Microsoft 365 Management',
  'Network Infrastructure Support',
  'Block of Hours',
] as const;

export function buildJob(f: Faker, o: Partial<NewJob> & { cid: number }): NewJob {
  const start = f.date.past({ years: 3 });
  return {
    jobNum: `J${f.string.numeric(6)}`,
    internalShortDesc: f.helpers.arrayElement(AGREEMENTS),
    jobStatus: 'Active',
    startDate: isoDate(start),
    endDate: isoDate(new Date(start.getTime() + 3 * 365 * 86_400_000)),
    ...o,
  };
}

/** A job (agreement) of `cid`. */
export async function makeJob(db: Db, o: Partial<NewJob> & { cid: number }, f: Faker = testFaker): Promise<Job> {
  const [row] = await db.insert(jobs).values(buildJob(f, o)).returning();
  return row!;
}

const SERVICES = [
  { rateDesc: 'Per Workstation', description: 'Workstation monitoring and patching', price: 45 },
  { rateDesc: 'Per Server', description: 'Server monitoring, patching and backup', price: 175 },
  { rateDesc: 'Per User', description: 'Microsoft 365 licence and support', price: 22 },
  { rateDesc: 'Flat Monthly', description: 'Firewall management', price: 150 },
  { rateDesc: 'Per Device', description: 'Endpoint detection and response', price: 9.5 },
] as const;

export function buildManagedService(f: Faker, o: Partial<NewManagedService> & { cid: number; jobId: number }): NewManagedService {
  const s = f.helpers.arrayElement(SERVICES);
  return { rateDesc: s.rateDesc, description: s.description, sellPrice: money2(s.price), quantity: money2(f.number.int({ min: 1, max: 60 })), ...o };
}

export async function makeManagedService(db: Db, o: Partial<NewManagedService> & { cid: number; jobId: number }, f: Faker = testFaker) {
  const [row] = await db.insert(managedServices).values(buildManagedService(f, o)).returning();
  return row!;
}

/** A balance transaction; INVOICE by default. */
export async function makeBalanceTransaction(
  db: Db,
  o: Partial<NewBalanceTransaction> & { cid: number; jobId: number },
  f: Faker = testFaker,
): Promise<BalanceTransaction> {
  const [row] = await db
    .insert(balanceTransactions)
    .values({
      transNum: `INV-${f.string.numeric(6)}`,
      transType: 'INVOICE',
      transDate: isoDate(f.date.recent({ days: 300 })),
      amount: money2(f.number.int({ min: 200, max: 9000 })),
      ...o,
    })
    .returning();
  return row!;
}

const LINE_ITEMS = [
  { item: 'MSA-WS', description: 'Managed workstation', price: 45 },
  { item: 'MSA-SRV', description: 'Managed server', price: 175 },
  { item: 'LABOR', description: 'Remote labour (hours)', price: 125 },
  { item: 'ONSITE', description: 'On-site labour (hours)', price: 150 },
  { item: 'M365-BP', description: 'Microsoft 365 Business Premium', price: 22 },
] as const;

export function buildInvoiceLine(f: Faker, o: Partial<NewInvoiceLine> & { cid: number; invoiceId: number }): NewInvoiceLine {
  const l = f.helpers.arrayElement(LINE_ITEMS);
  return { item: l.item, description: l.description, quantity: money2(f.number.int({ min: 1, max: 40 })), price: money2(l.price), ...o };
}

export async function makeInvoiceLine(db: Db, o: Partial<NewInvoiceLine> & { cid: number; invoiceId: number }, f: Faker = testFaker) {
  const [row] = await db.insert(invoiceLines).values(buildInvoiceLine(f, o)).returning();
  return row!;
}

const PRODUCTS = [
  { productName: 'Dell Latitude 7450', productClass: 'Hardware', price: 1499 },
  { productName: 'Ubiquiti UniFi U7 Pro', productClass: 'Hardware', price: 189 },
  { productName: 'Microsoft 365 Business Premium', productClass: 'Licence', price: 22 },
  { productName: 'SentinelOne Control', productClass: 'Licence', price: 6.5 },
  { productName: 'Datto SIRIS 2TB', productClass: 'Hardware', price: 3200 },
] as const;

export function buildJobProduct(f: Faker, o: Partial<NewJobProduct> & { cid: number; jobId: number }): NewJobProduct {
  const p = f.helpers.arrayElement(PRODUCTS);
  return {
    productName: p.productName,
    customerDescription: `${p.productName} for ${f.commerce.department()}`,
    quantity: money2(f.number.int({ min: 1, max: 25 })),
    price: money2(p.price),
    productClass: p.productClass,
    billableOption: f.helpers.arrayElement(['Billable', 'Do Not Bill', 'No Charge']),
    ...o,
  };
}

export async function makeJobProduct(db: Db, o: Partial<NewJobProduct> & { cid: number; jobId: number }, f: Faker = testFaker) {
  const [row] = await db.insert(jobProducts).values(buildJobProduct(f, o)).returning();
  return row!;
}

export function buildTimeEntry(f: Faker, o: Partial<NewTimeEntry> & { cid: number; jobId: number }): NewTimeEntry {
  const timeIn = o.timeIn ?? f.date.recent({ days: 300 });
  const minutes = f.helpers.arrayElement([15, 30, 45, 60, 90, 120, 180, 240]);
  return {
    memberName: 'Service Desk',
    activityType: f.helpers.arrayElement(['Remote Support', 'On-site Support', 'Project Work', 'Consulting']),
    rateDesc: f.helpers.arrayElement(['Standard Rate', 'After Hours', 'Covered by Agreement']),
    rate: money2(f.helpers.arrayElement([0, 125, 150, 187.5])),
    timeIn,
    timeOut: new Date(timeIn.getTime() + minutes * 60_000),
    durationHours: money2(minutes / 60),
    ...o,
  };
}

export async function makeTimeEntry(db: Db, o: Partial<NewTimeEntry> & { cid: number; jobId: number }, f: Faker = testFaker) {
  const [row] = await db.insert(timeEntries).values(buildTimeEntry(f, o)).returning();
  return row!;
}
