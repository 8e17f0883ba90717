import { eq } from 'drizzle-orm';
import { customers } from '../src/db/schema/index.ts';
import {
  makeAction,
  makeBalanceTransaction,
  makeContact,
  makeDevice,
  makeInvoiceLine,
  makeJob,
  makeJobProduct,
  makeManagedService,
  makeTicket,
  makeTimeEntry,
} from '../src/db/seed/factories.ts';
import type { Client, TestApp } from './helpers.ts';

/** Records of the compatibility tests, built by the tests themselves (not the demo seed's rows). */
export interface CompatFixtures {
  acmeCid: number;
  globexCid: number;
  contactId: number;
  deviceId: number;
  incidentId: number;
  requestId: number;
  actionId: number;
  jobId: number;
  invoiceId: number;
  productId: number;
  timeEntryId: number;
  globex: { contactId: number; deviceId: number; incidentId: number; jobId: number };
}

export async function buildCompatFixtures(t: TestApp, acmeAdmin: Client): Promise<CompatFixtures> {
  const db = t.database.db;
  const cidOf = async (code: string) => (await db.select({ id: customers.id }).from(customers).where(eq(customers.code, code)))[0]!.id;
  const acmeCid = await cidOf('ACME');
  const globexCid = await cidOf('GLOBEX');
  const own = acmeAdmin.session.user.contactId;

  const contact = await makeContact(db, { cid: acmeCid, firstName: 'Bridget', lastName: 'Compat', email: 'bridget.compat@acme.example' });
  const device = await makeDevice(db, { cid: acmeCid, contactId: contact.id, deviceName: 'WS-COMPAT1', deviceType: 'Workstation' });
  const incident = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: own, shortDescription: 'Compat incident printer jam' });
  const request = await makeTicket(db, { cid: acmeCid, ticketType: 'ServiceRequest', contactId: contact.id, deviceId: device.id, shortDescription: 'Compat request new laptop' });
  const action = await makeAction(db, { cid: acmeCid, ticketId: incident.id, actionDesc: '<p>Cleared the <b>jam</b>.</p>' });
  const job = await makeJob(db, { cid: acmeCid, jobNum: 'J-COMPAT', internalShortDesc: 'Compat agreement', jobStatus: 'Active', startDate: '2025-01-01', endDate: '2027-12-31' });
  await makeManagedService(db, { cid: acmeCid, jobId: job.id, rateDesc: 'MSA-COMPAT', sellPrice: '10.10', quantity: '3' });
  const invoice = await makeBalanceTransaction(db, { cid: acmeCid, jobId: job.id, transNum: 'INV-COMPAT', transType: 'INVOICE', transDate: '2026-02-01', amount: '30.30' });
  await makeInvoiceLine(db, { cid: acmeCid, invoiceId: invoice.id, item: 'MSA-COMPAT', quantity: '3', price: '10.10' });
  const product = await makeJobProduct(db, { cid: acmeCid, jobId: job.id, productName: 'Compat Firewall' });
  const entry = await makeTimeEntry(db, { cid: acmeCid, jobId: job.id, ticketId: incident.id });

  const gContact = await makeContact(db, { cid: globexCid, firstName: 'Gloria', lastName: 'Elsewhere' });
  const gDevice = await makeDevice(db, { cid: globexCid, contactId: gContact.id, deviceName: 'WS-GLOBEX1' });
  const gIncident = await makeTicket(db, { cid: globexCid, ticketType: 'Incident', contactId: gContact.id, shortDescription: 'Globex secret incident' });
  const gJob = await makeJob(db, { cid: globexCid, jobNum: 'J-GLOBEX', jobStatus: 'Active' });

  return {
    acmeCid,
    globexCid,
    contactId: contact.id,
    deviceId: device.id,
    incidentId: incident.id,
    requestId: request.id,
    actionId: action.id,
    jobId: job.id,
    invoiceId: invoice.id,
    productId: product.id,
    timeEntryId: entry.id,
    globex: { contactId: gContact.id, deviceId: gDevice.id, incidentId: gIncident.id, jobId: gJob.id },
  };
}

/** A form body as the original's client posted it (application/x-www-form-urlencoded). */
export function formBody(fields: Record<string, string | number | undefined>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** values[Name]=… keys of a form body. */
export const valuesOf = (values: Record<string, string | number>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`values[${k}]`, String(v)]));
