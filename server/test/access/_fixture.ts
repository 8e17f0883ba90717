import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, type TicketType } from '@sc/common';
import type { Db } from '../../src/db/client.ts';
import { emailOutbox, invitations, ticketFilters } from '../../src/db/schema/index.ts';
import {
  makeBalanceTransaction,
  makeContact,
  makeCustomer,
  makeDevice,
  makeJob,
  makeTicket,
  makeWebUser,
  type Contact,
  type Customer,
} from '../../src/db/seed/factories.ts';
import { signIn, type Client } from '../helpers.ts';

/**
 * Shared fixture of the access matrix (docs/requirements.md §18, server/test/access-matrix.test.ts):
 * the eight callers every route is tried as, and the records of the home customer the rows point at.
 * Module files (server/test/access/<module>.ts) export `rows: AccessRow[]`.
 */

/** Who calls: signed out, each user type of the home customer, the provider's space admin, another customer's Administrator and User. */
export const PRINCIPALS = ['anon', 'User', 'OperatorLimited', 'Operator', 'Administrator', 'spaceAdmin', 'otherAdmin', 'otherUser'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** The expected status for every caller: all eight written out, refusals included. */
export type Expect = Record<Principal, number>;

/** The request of one row; method comes from the route. `fresh`: sign the caller in anew for this request (logout ends it). */
export interface RowRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  fresh?: boolean;
  /** The client address (per-address rate limits). */
  remoteAddress?: string;
}

export interface AccessRow {
  /** 'METHOD /path/{param}' exactly as in the OpenAPI document. */
  route: string;
  /** What this row tries, when a route has several rows. */
  case?: string;
  /** Builds the request for one caller; may create fresh records (writes that use them up). */
  request: (fx: Fixture, who: Principal) => RowRequest | Promise<RowRequest>;
  expect: Expect;
}

/** Shorthand for the routes every caller gets the same answer from (public pages, the SPA redirect). */
export const same = (status: number): Expect => Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Expect;

export interface Fixture {
  app: FastifyInstance;
  db: Db;
  home: Customer;
  other: Customer;
  provider: Customer;
  /** Contacts of the signed-in callers (anon has none). */
  contactOf: Record<Exclude<Principal, 'anon'>, Contact>;
  /** A contact of the home customer without an account. */
  colleague: Contact;
  /** Home customer's records. */
  userIncident: number;
  userRequest: number;
  colleagueIncident: number;
  deviceId: number;
  jobId: number;
  invoiceId: number;
  attachmentId: number;
  filterId: string;
  invitationId: number;
  outboxId: number;
  /** Records made for one request (writes that use up or change their target). */
  freshContact(opts?: { withAccount?: boolean }): Promise<Contact>;
  /** A new open incident of the User, or of the given contact of the home customer. */
  freshIncident(contactId?: number): Promise<number>;
  freshInvitation(): Promise<number>;
  /** A file the User just attached to their incident. */
  freshAttachment(): Promise<number>;
  /** A saved Incidents filter the Administrator owns. */
  freshFilter(): Promise<string>;
  /** Sends one request as `who`. */
  send(who: Principal, method: string, req: RowRequest): Promise<LightMyRequestResponse>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function buildFixture(app: FastifyInstance, db: Db): Promise<Fixture> {
  const tag = unique();
  const home = await makeCustomer(db, { name: `Matrix Home ${tag}` });
  const other = await makeCustomer(db, { name: `Matrix Other ${tag}` });
  const provider = await makeCustomer(db, { name: `Matrix Provider ${tag}`, isProvider: true });

  const account = async (c: Customer, userType: 'User' | 'OperatorLimited' | 'Operator' | 'Administrator', primary = false, spaceAdmin = false) => {
    const contact = await makeContact(db, { cid: c.id, isPrimary: primary, email: `m.${userType.toLowerCase()}.${unique()}@matrix.example` });
    const { contact: linked } = await makeWebUser(db, { contactId: contact.id, userType, spaceAdmin });
    return linked;
  };
  const contactOf = {
    Administrator: await account(home, 'Administrator', true),
    Operator: await account(home, 'Operator'),
    OperatorLimited: await account(home, 'OperatorLimited'),
    User: await account(home, 'User'),
    spaceAdmin: await account(provider, 'Administrator', true, true),
    otherAdmin: await account(other, 'Administrator', true),
    otherUser: await account(other, 'User'),
  };
  const colleague = await makeContact(db, { cid: home.id, email: `m.colleague.${unique()}@matrix.example` });

  const clients = new Map<Principal, Client>();
  for (const [who, contact] of Object.entries(contactOf)) clients.set(who as Principal, await signIn(app, contact.email!));

  const ticket = async (contactId: number, ticketType: TicketType) =>
    (await makeTicket(db, { cid: home.id, contactId, ticketType, status: 'Open' })).id;
  const userIncident = await ticket(contactOf.User.id, 'Incident');
  const userRequest = await ticket(contactOf.User.id, 'ServiceRequest');
  const colleagueIncident = await ticket(colleague.id, 'Incident');
  const deviceId = (await makeDevice(db, { cid: home.id, contactId: contactOf.User.id })).id;
  const jobId = (await makeJob(db, { cid: home.id })).id;
  const invoiceId = (await makeBalanceTransaction(db, { cid: home.id, jobId })).id;

  const freshAttachment = async () => {
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${userIncident}/attachments?name=matrix.txt`,
      headers: { cookie: clients.get('User')!.cookie, [CSRF_HEADER]: clients.get('User')!.csrfToken, 'content-type': 'text/plain' },
      payload: 'matrix attachment',
    });
    if (upload.statusCode !== 201) throw new Error(`fixture upload failed: ${upload.statusCode} ${upload.body}`);
    return upload.json<{ id: number }>().id;
  };
  const attachmentId = await freshAttachment();

  const freshFilter = async () => {
    const searchName = `Matrix filter ${unique()}`;
    const id = createHash('md5').update(searchName).digest('hex');
    await db.insert(ticketFilters).values({
      id,
      cid: home.id,
      searchType: 'Incidents',
      searchName,
      isPublic: true,
      ownerWebUserId: clients.get('Administrator')!.session.user.ccWebUserId,
      ownerName: 'Matrix Administrator',
      criteria: {},
    });
    return id;
  };
  const filterId = await freshFilter();

  const freshContact = async (opts: { withAccount?: boolean } = {}) => {
    const c = await makeContact(db, { cid: home.id, email: `m.fresh.${unique()}@matrix.example` });
    if (!opts.withAccount) return c;
    return (await makeWebUser(db, { contactId: c.id, userType: 'User' })).contact;
  };
  const freshInvitation = async () => {
    const c = await freshContact();
    const [row] = await db
      .insert(invitations)
      .values({ cid: home.id, contactId: c.id, userType: 'User', email: c.email!, runId: randomUUID(), invitedByWebUserId: null })
      .returning();
    return row!.id;
  };
  const invitationId = await freshInvitation();
  const [mail] = await db
    .insert(emailOutbox)
    .values({ cid: home.id, toAddress: contactOf.User.email!, subject: 'Matrix', textBody: 'Matrix mail', status: 'failed' })
    .returning();

  const fx: Fixture = {
    app,
    db,
    home,
    other,
    provider,
    contactOf,
    colleague,
    userIncident,
    userRequest,
    colleagueIncident,
    deviceId,
    jobId,
    invoiceId,
    attachmentId,
    filterId,
    invitationId,
    outboxId: mail!.id,
    freshContact,
    freshIncident: (contactId = contactOf.User.id) => ticket(contactId, 'Incident'),
    freshInvitation,
    freshAttachment,
    freshFilter,
    async send(who, method, req) {
      const headers: Record<string, string> = { ...req.headers };
      if (who !== 'anon') {
        const contact = contactOf[who];
        const client = req.fresh ? await signIn(app, contact.email!) : clients.get(who)!;
        headers.cookie = client.cookie;
        if (UNSAFE.has(method)) headers[CSRF_HEADER] = client.csrfToken;
      }
      const opts: InjectOptions = { method: method, url: req.url, headers, ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}) };
      if (req.payload !== undefined) opts.payload = req.payload as InjectOptions['payload'];
      return app.inject(opts);
    },
  };
  return fx;
}
