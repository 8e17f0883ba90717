import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { demoPasswordHash } from './identity-factories.ts';
import { REFERENCE_DATE, rowsOf } from './random.ts';
import { ensureTicketLookups } from './ticket-factories.ts';
import { seedScaleBilling } from './scale-billing.ts';

interface SeedScaleOptions {
  /** N × 1000 tickets over max(3, N/5) new customers. */
  scale: number;
  /** Rows per INSERT … SELECT statement (keeps PGlite's memory flat). */
  chunk?: number;
  log?: (message: string) => void;
}

interface SeedScaleResult {
  customers: number;
  contacts: number;
  devices: number;
  tickets: number;
  actions: number;
  /** First customer code of this run, e.g. 'SCALE0001'. */
  firstCode: string;
}

const CONTACTS_PER_CUSTOMER = 30;
const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Wei', 'Aisha', 'Omar', 'Sofia', 'Hiroshi', 'Fatima', 'Liam', 'Emma', 'Noah', 'Olivia', 'Arjun', 'Chloe'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Nguyen', 'Patel', 'Kim', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill'];
const ORG_A = ['Apex', 'Blue Ridge', 'Cedar', 'Summit', 'Harbor', 'Pioneer', 'Silverline', 'Redwood', 'Lakeside', 'Northstar', 'Granite', 'Evergreen', 'Beacon', 'Riverbend', 'Sterling', 'Oakmont'];
const ORG_B = ['Logistics', 'Dental Group', 'Law Partners', 'Manufacturing', 'Realty', 'Health', 'Accounting', 'Engineering', 'Foods', 'Credit Union', 'Architects', 'Insurance'];
const INCIDENTS = ['Outlook keeps asking for password', 'Printer shows offline', 'VPN disconnects', 'Laptop will not boot', 'Shared drive not mapping', 'Slow internet', 'Teams audio dropping', 'Suspicious e-mail received', 'Server disk space warning', 'Account locked out', 'Backup job failed', 'Blue screen after update'];
const REQUESTS = ['New laptop for new hire', 'Create mailbox', 'Install software', 'Add user to shared folder', 'Set up second monitor', 'Disable departing employee', 'Grant VPN access', 'Schedule maintenance window', 'Create distribution list', 'Upgrade workstation RAM'];
/** Already in sanitised form (seed.test.ts checks), so stored html_clean: no start-up clean pass over them. */
export const NOTES = ['<p>Rebooted the <b>server</b>; services are running.</p>', '<p>Called the user and reproduced the issue.</p>', '<p>Applied the latest patches.</p>', '<p>Reset the password and unlocked the account.</p>', '<p>Waiting for the vendor.</p>', '<p>User confirmed the problem is <b>resolved</b>.</p>'];
const DEVICE_TYPES = ['Workstation', 'Laptop', 'Server', 'Printer', 'Firewall', 'Switch'];

/** A text[] literal of our own constants (never user input). */
const textArray = (items: readonly string[]): SQL => sql.raw(`(array[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[])`);
const intArray = (items: readonly number[]): SQL => sql.raw(`(array[${items.map((n) => Math.trunc(n)).join(',')}]::int[])`);
/** Deterministic pseudo-random non-negative integer from a series index and a salt (multiplicative hashing). */
const h = (expr: SQL | string, salt: number): SQL => {
  const e = typeof expr === 'string' ? sql.raw(expr) : expr;
  return sql`((((${e})::bigint * 2654435761 + ${sql.raw(String(salt * 97_531))}) % 2147483647) * 48271 % 2147483647)`;
};
/** Element of a 1-based SQL array chosen by hash. */
const pickFrom = (arr: SQL, len: number, expr: SQL | string, salt: number): SQL => sql`(${arr})[1 + ${h(expr, salt)} % ${sql.raw(String(len))}]`;

async function scalar(db: Db, q: SQL): Promise<number> {
  const rows = rowsOf<{ v: number | string | null }>(await db.execute(q));
  return Number(rows[0]?.v ?? 0);
}

/**
 * Benchmark data: scale × 1000 tickets over max(3, scale/5) new customers ('SCALE0001'…), 30 contacts
 * each (with admin@scaleNNNN.example and user@scaleNNNN.example accounts), devices and one action per
 * ticket, and proportional billing rows (scale-billing.ts). Set-based SQL with values derived from the series index, so it is deterministic and fast.
 * Secondary ticket/action indexes are dropped during the load and rebuilt from their own definitions.
 */
export async function seedScale(db: Db, opts: SeedScaleOptions): Promise<SeedScaleResult> {
  const log = opts.log ?? (() => {});
  const ticketsTotal = Math.round(opts.scale * 1000);
  const customerCount = Math.max(3, Math.round(opts.scale / 5));
  const chunk = opts.chunk ?? 100_000;
  const lookups = await ensureTicketLookups(db);
  const passwordHash = await demoPasswordHash();
  const ref = REFERENCE_DATE.toISOString();

  return db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // Foreign-key triggers cost ~10 index probes per generated row; the rows are built by joins on
    // existing parents, so a superuser (CI, PGlite) skips them for the load. Others keep the checks. The
    // report pre-aggregates' triggers fire in this role too (ENABLE ALWAYS, migration 0025).
    const isSuperuser = (await scalar(tx, sql`select case when rolsuper then 1 else 0 end as v from pg_roles where rolname = current_user`)) === 1;
    if (isSuperuser) await tx.execute(sql`set local session_replication_role = replica`);
    let staffCount = await scalar(tx, sql`select count(*) as v from provider_staff`);
    if (staffCount === 0) {
      await tx.execute(sql`insert into provider_staff (first_name, last_name, email, title)
        select ${textArray(FIRST)}[1 + g % 32], ${textArray(LAST)}[1 + g % 40], 'tech' || g || '@provider.example', 'Service Desk Technician'
        from generate_series(1, 8) g`);
      staffCount = 8;
    }
    const already = await scalar(tx, sql`select count(*) as v from customers where code like 'SCALE%'`);
    const cMin = await scalar(tx, sql`select coalesce(max(id), 0) as v from customers`);
    const staffRank = sql`(select id, (row_number() over (order by id) - 1)::int as rn, first_name || ' ' || last_name as name, email from provider_staff)`;

    log(`customers: ${customerCount}`);
    await tx.execute(sql`
      insert into customers (code, name, is_provider, website, main_phone, account_manager_id, it_consultant_id, tech_manager_id)
      select 'SCALE' || lpad((${already} + g)::text, 4, '0'),
             ${pickFrom(textArray(ORG_A), ORG_A.length, 'g', 1)} || ' ' || ${pickFrom(textArray(ORG_B), ORG_B.length, 'g', 2)} || ' ' || (${already} + g),
             false, 'https://www.scale' || (${already} + g) || '.example', '555-01' || lpad((g % 100)::text, 2, '0'),
             s1.id, s2.id, s3.id
      from generate_series(1, ${customerCount}::int) g
      join ${staffRank} s1 on s1.rn = g % ${staffCount}
      join ${staffRank} s2 on s2.rn = (g + 1) % ${staffCount}
      join ${staffRank} s3 on s3.rn = (g + 2) % ${staffCount}
      order by g`);
    const newCust = sql`(select id, code, (row_number() over (order by id) - 1)::int as rn from customers where id > ${cMin})`;

    await tx.execute(sql`insert into sites (cid, name, address, city, state, postal_code)
      select c.id, case when k = 1 then 'Headquarters' else 'Branch ' || k end, (100 + ${h('c.id * 7 + k', 3)} % 9000) || ' Main Street', 'Springfield', 'IL', '627' || lpad((k)::text, 2, '0')
      from ${newCust} c cross join generate_series(1, 2) k order by c.id, k`);
    await tx.execute(sql`insert into departments (cid, name, type, board_id)
      select c.id, (array['Finance','Operations','Sales'])[k], 'Client', null
      from ${newCust} c cross join generate_series(1, 3) k order by c.id, k`);

    log(`contacts: ${customerCount * CONTACTS_PER_CUSTOMER}`);
    await tx.execute(sql`insert into contacts (cid, site_id, department_id, first_name, last_name, email, direct_phone, title,
        is_vip, is_pending, is_active, is_primary, is_hd_shared_operator, created_at, updated_at)
      select c.id,
             (select s.id from sites s where s.cid = c.id order by s.id offset k % 2 limit 1),
             (select d.id from departments d where d.cid = c.id order by d.id offset k % 3 limit 1),
             ${pickFrom(textArray(FIRST), FIRST.length, 'c.id * 100 + k', 4)},
             ${pickFrom(textArray(LAST), LAST.length, 'c.id * 100 + k', 5)},
             case k when 1 then 'admin@' || lower(c.code) || '.example' when 2 then 'user@' || lower(c.code) || '.example'
                    else 'contact' || k || '@' || lower(c.code) || '.example' end,
             '555-' || lpad((${h('c.id * 100 + k', 6)} % 10000)::text, 4, '0'),
             case when k = 1 then 'IT Director' else 'Staff' end,
             k = 1 or k % 10 = 7, k = ${CONTACTS_PER_CUSTOMER - 1}, k <> ${CONTACTS_PER_CUSTOMER}, k = 1, k in (3, 4),
             ${ref}::timestamptz, ${ref}::timestamptz
      from ${newCust} c cross join generate_series(1, ${CONTACTS_PER_CUSTOMER}::int) k order by c.id, k`);
    // ids of the same customer are not assumed contiguous: later steps join on a per-customer rank.
    await tx.execute(sql`update contacts c set primary_contact_id = p.id
      from contacts p where p.cid = c.cid and p.is_primary and c.cid > ${cMin}`);
    await tx.execute(sql`insert into web_users (cid, contact_id, email, password_hash, user_type, is_email_verified)
      select c.cid, c.id, c.email, ${passwordHash}, case when c.is_primary then 'Administrator' else 'User' end, true
      from contacts c where c.cid > ${cMin} and (c.email like 'admin@scale%' or c.email like 'user@scale%') order by c.id`);
    const contactRank = sql`(select id, cid, (row_number() over (partition by cid order by id) - 1)::int as rn, first_name || ' ' || last_name as name, is_vip, site_id from contacts where cid > ${cMin} and is_active and not is_pending)`;
    const activePerCustomer = CONTACTS_PER_CUSTOMER - 2;

    const ticketsPerCustomer = Math.ceil(ticketsTotal / customerCount);
    const devicesPerCustomer = Math.max(10, Math.round(ticketsPerCustomer / 50));
    log(`devices: ${devicesPerCustomer * customerCount}`);
    await tx.execute(sql`insert into devices (cid, contact_id, site_id, device_name, device_type, description, kaseya_machine_group_id, ncentral_device_id, serial_number)
      select c.id, ct.id, ct.site_id,
             (array['WS','LT','SRV','PRN','FW','SW'])[1 + k % 6] || '-' || lpad(k::text, 5, '0'),
             ${textArray(DEVICE_TYPES)}[1 + k % 6], 'Managed device ' || k,
             case when k % 3 = 0 then 'ws' || k || '.' || lower(c.code) || '.kaseya' end,
             case when k % 3 = 1 then (100000000 + c.id * 10000 + k)::text end,
             upper(to_hex(${h('c.id * 100000 + k', 7)}))
      from ${newCust} c cross join generate_series(1, ${devicesPerCustomer}::int) k
      join ${contactRank} ct on ct.cid = c.id and ct.rn = ${h('c.id * 100000 + k', 8)} % ${activePerCustomer}
      order by c.id, k`);

    // Ids come from the ticket sequence's next value on, so ticket numbers never repeat a factory's.
    const tBase = await scalar(tx, sql`select greatest(nextval(pg_get_serial_sequence('tickets', 'id')), (select coalesce(max(id), 0) from tickets)) as v`);
    const aBase = await scalar(tx, sql`select coalesce(max(id), 0) as v from ticket_actions`);
    const dropped = await dropSecondaryIndexes(tx, ['tickets', 'ticket_actions']);
    const spanMs = 730 * 86_400_000;
    const subIds = lookups.subclasses.map((s) => s.id);
    const subClassIds = lookups.subclasses.map((s) => s.classId);
    for (let from = 1; from <= ticketsTotal; from += chunk) {
      const to = Math.min(ticketsTotal, from + chunk - 1);
      log(`tickets ${from}..${to}`);
      const g = sql.raw('g');
      await tx.execute(sql`
        insert into tickets (id, cid, ticket_no, ticket_type, status, short_description, description, contact_id, target_name, target_contact_id,
          site_id, priority_id, severity_short, class_id, subclass_id, assigned_staff_id, assigned_to_name, reassignment_template_id,
          is_vip, is_request_scheduled, requested_start_date, requested_end_date, open_date, closed_date, disposition, created_at, updated_at)
        select ${tBase} + g,
               c.id,
               case when g % 2 = 0 then 'INC-' else 'SR-' end || lpad((${tBase} + g)::text, greatest(6, length((${tBase} + g)::text)), '0'),
               case when g % 2 = 0 then 'Incident' else 'ServiceRequest' end,
               x.status,
               case when g % 2 = 0 then ${pickFrom(textArray(INCIDENTS), INCIDENTS.length, g, 11)} else ${pickFrom(textArray(REQUESTS), REQUESTS.length, g, 12)} end,
               'Generated ticket ' || g || ' for benchmarks.',
               ct.id, ct.name, ct.id, ct.site_id,
               ${pickFrom(intArray(lookups.priorityIds), lookups.priorityIds.length, g, 13)},
               ${pickFrom(textArray(lookups.severityShorts), lookups.severityShorts.length, g, 14)},
               (${intArray(subClassIds)})[1 + x.sub], (${intArray(subIds)})[1 + x.sub],
               case when x.unassigned then null else st.id end,
               case when x.unassigned then null else st.name end,
               case when x.unassigned then -1 end,
               ct.is_vip,
               g % 2 = 1 and g % 10 < 7,
               case when g % 2 = 1 and g % 10 < 7 then x.open_date + interval '3 days' end,
               case when g % 2 = 1 and g % 10 < 4 then x.open_date + interval '3 days 4 hours' end,
               x.open_date,
               case when x.status = 'Closed' then x.open_date + interval '1 day' end,
               case when x.status = 'Closed' then 'Resolved' end,
               x.open_date, x.open_date
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select
            case when ${h(g, 15)} % 100 < 55 then 'Closed' when ${h(g, 15)} % 100 < 80 then 'Open'
                 when ${h(g, 15)} % 100 < 90 then 'On Hold' else 'Escalation' end as status,
            ${h(g, 16)} % ${subIds.length} as sub,
            ${h(g, 17)} % 10 = 0 as unassigned,
            ${ref}::timestamptz - make_interval(secs => ((${ticketsTotal} - g)::float8 / ${ticketsTotal}) * ${spanMs / 1000} + (${h(g, 18)} % 3600)) as open_date
          ) x
        join ${newCust} c on c.rn = g % ${customerCount}
        join ${contactRank} ct on ct.cid = c.id and ct.rn = ${h(g, 19)} % ${activePerCustomer}
        join ${staffRank} st on st.rn = ${h(g, 20)} % ${staffCount}`);
      await tx.execute(sql`
        insert into ticket_actions (cid, ticket_id, start_date, staff_id, user_name, display_name, action_desc, html_clean, status)
        select t.cid, t.id, t.open_date + interval '2 hours', t.assigned_staff_id, coalesce(s.email, 'servicedesk@provider.example'),
               coalesce(t.assigned_to_name, 'Service Desk'), ${pickFrom(textArray(NOTES), NOTES.length, 't.id', 21)}, true, t.status
        from tickets t left join provider_staff s on s.id = t.assigned_staff_id
        where t.id between ${tBase + from} and ${tBase + to}
        order by t.id`);
    }
    await tx.execute(sql`select setval(pg_get_serial_sequence('tickets', 'id'), ${tBase + ticketsTotal})`);
    log(`rebuilding ${dropped.length} indexes`);
    for (const def of dropped) await tx.execute(sql.raw(def));
    const actions = await scalar(tx, sql`select count(*) as v from ticket_actions where id > ${aBase}`);
    const devices = await scalar(tx, sql`select count(*) as v from devices where cid > ${cMin}`);
    return {
      customers: customerCount,
      contacts: customerCount * CONTACTS_PER_CUSTOMER,
      devices,
      tickets: ticketsTotal,
      actions,
      firstCode: `SCALE${String(already + 1).padStart(4, '0')}`,
    };
  }).then(async (result) => {
    await seedScaleBilling(db, log);
    log('analyze');
    await db.execute(sql`analyze`);
    return result;
  });
}

/** Drops the non-unique secondary indexes of `tables` and returns their CREATE INDEX statements. */
async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select i.relname as name, pg_get_indexdef(i.oid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
        and not x.indisunique and not x.indisprimary
      order by i.relname`),
  );
  for (const r of rows) await db.execute(sql.raw(`drop index "${r.name.replaceAll('"', '""')}"`));
  return rows.map((r) => r.def);
}

