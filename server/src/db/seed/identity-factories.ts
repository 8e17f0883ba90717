import type { Faker } from '@faker-js/faker';
import { and, eq } from 'drizzle-orm';
import type { UserType } from '@sc/common';
import { hashPassword } from '../../auth/password.ts';
import type { Db } from '../client.ts';
import { contacts, customers, departments, providerStaff, sites, webUsers } from '../schema/index.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { testFaker } from './random.ts';

export type Customer = typeof customers.$inferSelect;
type NewCustomer = typeof customers.$inferInsert;
export type Staff = typeof providerStaff.$inferSelect;
type NewStaff = typeof providerStaff.$inferInsert;
export type Site = typeof sites.$inferSelect;
type NewSite = typeof sites.$inferInsert;
export type Department = typeof departments.$inferSelect;
type NewDepartment = typeof departments.$inferInsert;
export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
export type WebUser = typeof webUsers.$inferSelect;

const phone = (f: Faker): string => f.string.numeric({ length: 3, allowLeadingZeros: false }) + '-555-' + f.string.numeric(4);
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

export function buildCustomer(f: Faker, overrides: Partial<NewCustomer> = {}): NewCustomer {
  const name = overrides.name ?? f.company.name();
  return {
    code: 'T' + f.string.alphanumeric({ length: 11, casing: 'upper' }),
    name,
    website: `https://www.${slug(name).slice(0, 30) || 'example'}.example`,
    mainPhone: phone(f),
    ...overrides,
  };
}

export function buildStaff(f: Faker, overrides: Partial<NewStaff> = {}): NewStaff {
  const firstName = overrides.firstName ?? f.person.firstName();
  const lastName = overrides.lastName ?? f.person.lastName();
  return {
    firstName,
    lastName,
    email: `${slug(firstName)}.${slug(lastName)}@provider.example`,
    officePhone: phone(f),
    mobilePhone: phone(f),
    title: f.helpers.arrayElement(['Service Desk Technician', 'Systems Engineer', 'Network Engineer', 'Field Technician']),
    ...overrides,
  };
}

export function buildSite(f: Faker, overrides: Partial<NewSite> & { cid: number }): NewSite {
  const city = f.location.city();
  return {
    name: `${city} Office`,
    address: f.location.streetAddress(),
    city,
    state: f.location.state({ abbreviated: true }),
    postalCode: f.location.zipCode('#####'),
    phone: phone(f),
    ...overrides,
  };
}

export function buildContact(f: Faker, overrides: Partial<NewContact> & { cid: number }, domain = 'example.com'): NewContact {
  const firstName = overrides.firstName ?? f.person.firstName();
  const lastName = overrides.lastName ?? f.person.lastName();
  return {
    firstName,
    lastName,
    middleInitial: f.datatype.boolean(0.3) ? f.string.alpha({ length: 1, casing: 'upper' }) : null,
    // the random suffix keeps e-mails unique when tests share a database
    email: `${slug(firstName)}.${slug(lastName)}.${f.string.alphanumeric({ length: 5, casing: 'lower' })}@${domain}`,
    directPhone: phone(f),
    mobilePhone: f.datatype.boolean(0.6) ? phone(f) : null,
    title: f.person.jobTitle(),
    ...overrides,
  };
}

/** A client organisation (or, with isProvider, the provider itself). */
export async function makeCustomer(db: Db, overrides: Partial<NewCustomer> = {}, f: Faker = testFaker): Promise<Customer> {
  const [row] = await db.insert(customers).values(buildCustomer(f, overrides)).returning();
  return row!;
}

export async function makeStaff(db: Db, overrides: Partial<NewStaff> = {}, f: Faker = testFaker): Promise<Staff> {
  const [row] = await db.insert(providerStaff).values(buildStaff(f, overrides)).returning();
  return row!;
}

export async function makeSite(db: Db, overrides: Partial<NewSite> & { cid: number }, f: Faker = testFaker): Promise<Site> {
  const [row] = await db.insert(sites).values(buildSite(f, overrides)).returning();
  return row!;
}

/** A department: cid-less provider board ('Service Board') by default, or pass cid and type 'Client'. */
export async function makeDepartment(db: Db, overrides: Partial<NewDepartment> = {}, f: Faker = testFaker): Promise<Department> {
  const isClient = overrides.type === 'Client';
  const values: NewDepartment = {
    name: f.commerce.department(),
    type: 'Service Board',
    boardId: isClient ? null : f.number.int({ min: 1, max: 99 }),
    ...overrides,
  };
  const [row] = await db.insert(departments).values(values).returning();
  return row!;
}

/**
 * A contact of `cid`. Unless given, primaryContactId is the organisation's primary contact
 * (the new contact itself when it is the first primary one).
 */
export async function makeContact(db: Db, overrides: Partial<NewContact> & { cid: number }, f: Faker = testFaker): Promise<Contact> {
  const values = buildContact(f, overrides);
  if (values.primaryContactId === undefined && !values.isPrimary) {
    const [primary] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.cid, values.cid), eq(contacts.isPrimary, true)))
      .orderBy(contacts.id)
      .limit(1);
    values.primaryContactId = primary?.id ?? null;
  }
  const [row] = await db.insert(contacts).values(values).returning();
  if (row!.isPrimary && row!.primaryContactId == null) {
    const [updated] = await db.update(contacts).set({ primaryContactId: row!.id }).where(eq(contacts.id, row!.id)).returning();
    return updated!;
  }
  return row!;
}

let demoHash: Promise<string> | undefined;
/** argon2id costs ~20 ms: hash the demo password once per process and reuse it. */
export const demoPasswordHash = (): Promise<string> => (demoHash ??= hashPassword(DEMO_PASSWORD));

interface MakeWebUserOptions {
  contactId: number;
  userType: UserType;
  /** Defaults to the contact's e-mail (lower-cased); the contact's e-mail is set to the account's. */
  email?: string;
  /** Defaults to DEMO_PASSWORD (hashed once per process). */
  password?: string;
  spaceAdmin?: boolean;
  isEmailVerified?: boolean;
  isActive?: boolean;
}

/** A portal account for an existing contact; returns the account and the (updated) contact. */
export async function makeWebUser(db: Db, opts: MakeWebUserOptions, f: Faker = testFaker): Promise<{ user: WebUser; contact: Contact }> {
  const [existing] = await db.select().from(contacts).where(eq(contacts.id, opts.contactId));
  if (!existing) throw new Error(`makeWebUser: contact ${opts.contactId} does not exist`);
  const email = (opts.email ?? existing.email ?? `user.${f.string.alphanumeric({ length: 10, casing: 'lower' })}@example.com`).toLowerCase();
  let contact = existing;
  if (existing.email !== email) {
    [contact] = (await db.update(contacts).set({ email }).where(eq(contacts.id, existing.id)).returning()) as [Contact];
  }
  const passwordHash = opts.password === undefined || opts.password === DEMO_PASSWORD ? await demoPasswordHash() : await hashPassword(opts.password);
  const [user] = await db
    .insert(webUsers)
    .values({
      cid: existing.cid,
      contactId: existing.id,
      email,
      passwordHash,
      userType: opts.userType,
      spaceAdmin: opts.spaceAdmin ?? false,
      isActive: opts.isActive ?? true,
      isEmailVerified: opts.isEmailVerified ?? true,
      lastLoginAt: null,
    })
    .returning();
  return { user: user!, contact };
}

/** A customer with a primary contact and one signed-in-able account of `userType`: the usual start of a test. */
export async function makeCustomerWithUser(
  db: Db,
  userType: UserType = 'Administrator',
  f: Faker = testFaker,
): Promise<{ customer: Customer; primary: Contact; user: WebUser; contact: Contact }> {
  const customer = await makeCustomer(db, {}, f);
  const primary = await makeContact(db, { cid: customer.id, isPrimary: true }, f);
  const member = userType === 'Administrator' ? primary : await makeContact(db, { cid: customer.id }, f);
  const { user, contact } = await makeWebUser(db, { contactId: member.id, userType }, f);
  return { customer, primary, user, contact };
}
