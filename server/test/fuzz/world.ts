import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { REPORT_IDS, type CurrentSessionResponse, type SessionResponse, type UserType } from '@sc/common';
import type { Db } from '../../src/db/client.ts';
import { contacts, webUsers } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { seedFormCatalog } from '../../src/db/seed/demo-forms.ts';
import { FORM_CATALOG } from '../../src/db/seed/form-catalog.ts';
import { BRIDGED_RESOURCES } from '../../src/modules/compat/bridged-registry.ts';
import {
  makeBalanceTransaction,
  makeContact,
  makeCustomer,
  makeDevice,
  makeJob,
  makeTicket,
  makeWebUser,
  type Contact,
  type WebUser,
} from '../../src/db/seed/factories.ts';

// The fuzzer's world (docs/requirements.md §18.4): the routes of the OpenAPI document, the callers of each kind
// signed in, the ids and words that exist, and the restoring of a caller a fuzzed write signed out or demoted.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}
export interface Param {
  name: string;
  in: string;
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface Route {
  method: string;
  path: string;
  op: Operation;
}

export interface Caller {
  name: string;
  cookie?: string;
  csrf?: string;
}

/** A signed-in caller's account as it was made: what `keepCallersAble` puts back when a fuzzed write changed it. */
interface CallerAccount {
  caller: Caller;
  contact: Contact;
  user: WebUser;
}

export interface FuzzWorld {
  app: FastifyInstance;
  db: Db;
  routes: Route[];
  callers: Caller[];
  /**
   * Ids that exist, so that generated requests also reach past the record lookups: the home customer,
   * its tickets, a colleague with and one without an account, a device, a job and its invoice.
   * The callers' own contact and account ids are left out, so a fuzzed disable, access change or delete
   * lands on a colleague rather than on the caller (keepCallersAble restores a caller hit anyway).
   */
  ids: number[];
  /** Strings the routes know (kapp and form slugs, report ids, bridged resource names, e-mail addresses). */
  words: string[];
  accounts: CallerAccount[];
}

export interface RouteResult {
  route: string;
  runs: number;
  byStatus: Record<number, number>;
  errors: number;
  /** Slowest answer, ms (in-process, with `concurrency` requests in flight). */
  maxMs: number;
  /** Callers put back after this route's requests had signed them out, disabled or demoted them. */
  restored: number;
  examples: string[];
}

export async function openApiRoutes(app: FastifyInstance): Promise<Route[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  return Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

async function signInAs(app: FastifyInstance, email: string, caller: Caller): Promise<Caller> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`fuzz: sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const c = res.cookies.find((x) => x.name === 'sc_session')!;
  caller.cookie = `sc_session=${c.value}`;
  caller.csrf = res.json<SessionResponse>().csrfToken;
  return caller;
}

/** A customer with one account of each user type, another customer's Administrator, the provider's space admin. */
export async function fuzzWorld(app: FastifyInstance, db: Db): Promise<FuzzWorld> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const home = await makeCustomer(db, { name: `Fuzz ${tag}` });
  const other = await makeCustomer(db, { name: `Fuzz other ${tag}` });
  const provider = await makeCustomer(db, { name: `Fuzz provider ${tag}`, isProvider: true });
  const callers: Caller[] = [{ name: 'anon' }];
  const accounts: CallerAccount[] = [];
  const ids: number[] = [home.id];
  const account = async (cid: number, userType: UserType, name: string, spaceAdmin = false) => {
    const c = await makeContact(db, { cid, isPrimary: userType === 'Administrator', email: `fuzz.${name.toLowerCase()}.${cid}.${tag}@fuzz.example` });
    const { user, contact } = await makeWebUser(db, { contactId: c.id, userType, spaceAdmin });
    const caller = await signInAs(app, contact.email!, { name });
    callers.push(caller);
    accounts.push({ caller, contact, user });
    return contact;
  };
  for (const t of ['Administrator', 'Operator', 'OperatorLimited', 'User'] as const) {
    const c = await account(home.id, t, t);
    ids.push((await makeTicket(db, { cid: home.id, contactId: c.id, ticketType: 'Incident' })).id);
    ids.push((await makeTicket(db, { cid: home.id, contactId: c.id, ticketType: 'ServiceRequest' })).id);
  }
  await account(other.id, 'Administrator', 'otherAdmin');
  await account(provider.id, 'Administrator', 'spaceAdmin', true);
  // Targets for the writes that change a contact or an account: colleagues, never a caller.
  const colleague = await makeContact(db, { cid: home.id, email: `fuzz.colleague.${tag}@fuzz.example` });
  const member = await makeContact(db, { cid: home.id, email: `fuzz.member.${tag}@fuzz.example` });
  const { user: memberUser } = await makeWebUser(db, { contactId: member.id, userType: 'User' });
  ids.push(colleague.id, member.id, memberUser.id);
  ids.push((await makeTicket(db, { cid: home.id, contactId: colleague.id, ticketType: 'Incident' })).id);
  ids.push((await makeDevice(db, { cid: home.id, contactId: colleague.id })).id);
  const job = await makeJob(db, { cid: home.id });
  ids.push(job.id, (await makeBalanceTransaction(db, { cid: home.id, jobId: job.id })).id);
  const own = new Set(accounts.flatMap((a) => [a.contact.id, a.user.id]));
  // Sign-out ends the callers' sessions: fuzz it last (keepCallersAble signs them in again anyway).
  const routes = (await openApiRoutes(app)).sort((a, b) => Number(a.path === '/api/v1/auth/logout') - Number(b.path === '/api/v1/auth/logout'));
  await seedFormCatalog(db);
  const words = ['customer-portal', 'datastore', ...FORM_CATALOG.map((f) => f.slug), ...REPORT_IDS, ...Object.keys(BRIDGED_RESOURCES), colleague.email!, member.email!];
  return { app, db, routes, callers, ids: [...new Set(ids)].filter((id) => !own.has(id)), words, accounts };
}

/**
 * Keeps every caller kind signed in and able: a fuzzed write may still sign a caller out (logout, end
 * sessions), disable it, change its user type or its contact. Each caller's session is asked for; one
 * that is gone or no longer what it was gets its contact and account rows put back as they were made and
 * signs in again. Returns how many were restored (reported per route, so a route that demoted its
 * callers is visible).
 */
export async function keepCallersAble(world: FuzzWorld): Promise<number> {
  let restored = 0;
  for (const a of world.accounts) {
    const res = await world.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: a.caller.cookie! } });
    const session = res.statusCode === 200 ? res.json<CurrentSessionResponse>().session : null;
    const u = session?.user;
    if (u && u.userType === a.user.userType && u.spaceAdmin === a.user.spaceAdmin && u.contactId === a.contact.id && u.cid === a.contact.cid) continue;
    const { id: contactId, ...contactRow } = a.contact;
    const { id: userId, ...userRow } = a.user;
    await world.db.update(contacts).set(contactRow).where(eq(contacts.id, contactId));
    const back = await world.db.update(webUsers).set(userRow).where(eq(webUsers.id, userId)).returning({ id: webUsers.id });
    if (!back.length) await world.db.insert(webUsers).values(a.user);
    await signInAs(world.app, a.user.email, a.caller);
    restored++;
  }
  return restored;
}
