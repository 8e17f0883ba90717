import type { Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contacts, customerEmailDomains, customers, departments, providerStaff, sites, webUsers } from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS } from './demo-accounts.ts';
import { seedDemoExtras } from './demo-extras.ts';
import { seedDemoTickets } from './demo-tickets.ts';
import {
  buildContact,
  buildCustomer,
  buildSite,
  buildStaff,
  demoPasswordHash,
  type Contact,
  type Customer,
  type Department,
  type NewContact,
  type Site,
  type Staff,
  type WebUser,
} from './identity-factories.ts';
import { DEMO_SEED, createFaker, insertMany } from './random.ts';

/** One organisation of the demo set with what the later steps pick from. */
export interface DemoOrg {
  customer: Customer;
  domain: string;
  sites: Site[];
  /** The customer's own departments (type 'Client'). */
  departments: Department[];
  contacts: Contact[];
  primary: Contact;
  accounts: { user: WebUser; contact: Contact }[];
}

export interface DemoContext {
  f: Faker;
  staff: Staff[];
  /** cid-less provider boards ('Service Board'). */
  boards: Department[];
  provider: DemoOrg;
  clients: DemoOrg[];
}

const STAFF_NAMES = [
  ['Olivia', 'Bennett', 'Account Manager'],
  ['Marcus', 'Chen', 'Account Manager'],
  ['Sofia', 'Alvarez', 'IT Consultant'],
  ['James', 'Whitaker', 'IT Consultant'],
  ['Nadia', 'Petrova', 'Technical Manager'],
  ['Ethan', 'Brooks', 'Technical Manager'],
  ['Liam', 'Fitzgerald', 'Service Desk Technician'],
  ['Aisha', 'Kamara', 'Service Desk Technician'],
  ['Ryan', 'Nakamura', 'Systems Engineer'],
  ['Chloe', 'Dubois', 'Network Engineer'],
  ['Victor', 'Santos', 'Field Technician'],
] as const;

const BOARDS = [
  ['Service Desk', 10],
  ['Network Operations', 20],
  ['Projects', 30],
  ['Field Services', 40],
] as const;
const CLIENT_DEPARTMENTS = ['Finance', 'Operations', 'Sales', 'Human Resources', 'Engineering'] as const;

/**
 * The demo data set: the provider, three client organisations with contacts, accounts, devices,
 * tickets in every status, jobs and billing. Deterministic (fixed faker seed and reference date).
 * Does nothing when customers already exist.
 * @returns true when it seeded, false when the database already had customers.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: customers.id }).from(customers).limit(1);
  if (existing) return false;
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const ctx = await seedDemoIdentity(tx, createFaker(DEMO_SEED), passwordHash);
    await seedDemoTickets(tx, ctx);
    await seedDemoExtras(tx, ctx);
  });
  return true;
}

async function seedDemoIdentity(db: Db, f: Faker, passwordHash: string): Promise<DemoContext> {
  const staff = await insertMany(
    db,
    providerStaff,
    STAFF_NAMES.map(([firstName, lastName, title]) => buildStaff(f, { firstName, lastName, title })),
  );
  const boards = await insertMany(
    db,
    departments,
    BOARDS.map(([name, boardId]) => ({ name, boardId, type: 'Service Board' })),
  );
  const team = (i: number) => ({
    accountManagerId: staff[i % 2]!.id,
    itConsultantId: staff[2 + (i % 2)]!.id,
    techManagerId: staff[4 + (i % 2)]!.id,
  });
  const orgDefs = [
    { ...DEMO_CUSTOMERS.provider, domain: 'provider.example', isProvider: true },
    ...DEMO_CUSTOMERS.clients.map((c) => ({ ...c, isProvider: false })),
  ];
  const customerRows = await insertMany(
    db,
    customers,
    orgDefs.map((o, i) =>
      buildCustomer(f, { code: o.code, name: o.name, isProvider: o.isProvider, website: `https://www.${o.domain}`, ...team(i) }),
    ),
  );
  // A self-registration at /register with an @acme.example address belongs to Acme (issue 13 item 6).
  await db.insert(customerEmailDomains).values(customerRows.flatMap((c, i) => (c.isProvider ? [] : [{ domain: orgDefs[i]!.domain, cid: c.id }])));
  const orgs: DemoOrg[] = [];
  for (const [i, customer] of customerRows.entries()) {
    orgs.push(await seedOrg(db, f, customer, orgDefs[i]!.domain, passwordHash));
  }
  return { f, staff, boards, provider: orgs[0]!, clients: orgs.slice(1) };
}

async function seedOrg(db: Db, f: Faker, customer: Customer, domain: string, passwordHash: string): Promise<DemoOrg> {
  const cid = customer.id;
  const isProvider = customer.isProvider;
  const siteRows = await insertMany(
    db,
    sites,
    Array.from({ length: isProvider ? 1 : f.number.int({ min: 2, max: 3 }) }, (_, i) =>
      buildSite(f, i === 0 ? { cid, name: 'Headquarters' } : { cid }),
    ),
  );
  const deptRows = await insertMany(
    db,
    departments,
    f.helpers.arrayElements(CLIENT_DEPARTMENTS, isProvider ? 2 : 4).map((name) => ({ cid, name, type: 'Client', boardId: null })),
  );
  const usedEmails = new Set<string>();
  const placed = (c: Partial<NewContact>): Partial<NewContact> => ({
    siteId: f.helpers.arrayElement(siteRows).id,
    departmentId: f.helpers.arrayElement(deptRows).id,
    ...c,
  });
  const uniqueEmail = (first: string, last: string): string => {
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${base}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${domain}`;
    usedEmails.add(email);
    return email;
  };

  // The organisation's accounts: the Administrator's contact (or a generated one) is the primary contact.
  const accountDefs = DEMO_ACCOUNTS.filter((a) => a.customerCode === customer.code);
  const primaryDef = accountDefs.find((a) => a.userType === 'Administrator');
  accountDefs.forEach((a) => usedEmails.add(a.email));
  const primaryName = primaryDef ?? { firstName: f.person.firstName(), lastName: f.person.lastName() };
  const [primaryRow] = await insertMany(db, contacts, [
    buildContact(
      f,
      {
        cid,
        ...placed({}),
        firstName: primaryName.firstName,
        lastName: primaryName.lastName,
        email: primaryDef?.email ?? uniqueEmail(primaryName.firstName, primaryName.lastName),
        title: isProvider ? 'Service Delivery Director' : 'IT Director',
        isPrimary: true,
        isVip: true,
      },
      domain,
    ),
  ]);
  const [primary] = await db.update(contacts).set({ primaryContactId: primaryRow!.id }).where(eq(contacts.id, primaryRow!.id)).returning();

  const others: NewContact[] = accountDefs
    .filter((a) => a !== primaryDef)
    .map((a) => buildContact(f, { cid, ...placed({}), firstName: a.firstName, lastName: a.lastName, email: a.email, primaryContactId: primary!.id }));
  const generated = isProvider ? 5 : 22;
  for (let i = 0; i < generated; i++) {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    others.push(
      buildContact(f, {
        cid,
        ...placed({}),
        firstName,
        lastName,
        email: uniqueEmail(firstName, lastName),
        primaryContactId: primary!.id,
        // a few VIPs, a couple pending, one inactive, some HD shared operators
        isVip: i < 3,
        isPending: i === 3 || i === 4,
        isActive: i !== 5,
        isHdSharedOperator: i === 6 || i === 7 || i === 8,
        contactCenterChatEnabled: i % 4 === 0,
        timeZone: f.helpers.arrayElement(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']),
      }),
    );
  }
  const otherRows = await insertMany(db, contacts, others);
  const all = [primary!, ...otherRows];

  // Demo accounts, then a few ordinary accounts so the contact and invitation screens show both kinds.
  const byEmail = new Map(all.map((c) => [c.email, c]));
  const accountRows = accountDefs.map((a) => ({ def: a, contact: byEmail.get(a.email)! }));
  const extra = otherRows.filter((c, i) => i >= accountDefs.length + 9 && i < accountDefs.length + 13 && c.isActive && !c.isPending);
  const users = await insertMany(db, webUsers, [
    ...accountRows.map(({ def, contact }) => ({
      cid,
      contactId: contact.id,
      email: def.email,
      passwordHash,
      userType: def.userType,
      spaceAdmin: def.spaceAdmin,
      isEmailVerified: true,
      lastLoginAt: null,
    })),
    ...extra.map((c, i) => ({
      cid,
      contactId: c.id,
      email: c.email!,
      passwordHash,
      userType: i % 2 === 0 ? ('User' as const) : ('Operator' as const),
      isEmailVerified: true,
      lastLoginAt: null,
    })),
  ]);
  const contactById = new Map(all.map((c) => [c.id, c]));
  return {
    customer,
    domain,
    sites: siteRows,
    departments: deptRows,
    contacts: all,
    primary: primary!,
    accounts: users.map((user) => ({ user, contact: contactById.get(user.contactId)! })),
  };
}
