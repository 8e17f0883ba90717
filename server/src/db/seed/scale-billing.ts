import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { REFERENCE_DATE, rowsOf } from './random.ts';

// Billing rows of the benchmark data set, proportional to each scale customer's tickets: three jobs
// (agreements), managed services (one per 100 tickets, at least 3 a job), five products a job, 24 monthly
// invoices of three lines on the main agreement with payments and credit memos, and a time entry for every
// other ticket on the main agreement, invoiced by the next month's invoice. Set-based and deterministic.

const SERVICES = [
  ['Per Workstation', 'Workstation monitoring and patching', '45.00'],
  ['Per Server', 'Server monitoring, patching and backup', '175.00'],
  ['Per User', 'Microsoft 365 licence and support', '22.00'],
  ['Flat Monthly', 'Firewall management', '150.00'],
  ['Per Device', 'Endpoint detection and response', '9.50'],
] as const;
const LINES = [
  ['MSA-WS', 'Managed workstation', '45.00'],
  ['MSA-SRV', 'Managed server', '175.00'],
  ['LABOR', 'Remote labour (hours)', '125.00'],
  ['ONSITE', 'On-site labour (hours)', '150.00'],
  ['M365-BP', 'Microsoft 365 Business Premium', '22.00'],
] as const;
const PRODUCTS = [
  ['Dell Latitude 7450', 'Hardware', '1499.00'],
  ['Ubiquiti UniFi U7 Pro', 'Hardware', '189.00'],
  ['Microsoft 365 Business Premium', 'Licence', '22.00'],
  ['SentinelOne Control', 'Licence', '6.50'],
  ['Datto SIRIS 2TB', 'Hardware', '3200.00'],
] as const;

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const col = (rows: readonly (readonly string[])[], i: number, type: string) => sql.raw(`(array[${rows.map((r) => lit(r[i]!)).join(',')}]::${type}[])`);
/** Deterministic pseudo-random non-negative integer from an expression and a salt. */
const h = (expr: string, salt: number) => sql.raw(`((((${expr})::bigint * 2654435761 + ${salt * 97_531}) % 2147483647) * 48271 % 2147483647)`);

/** SCALE customers with tickets and no jobs yet. */
async function scaleCustomersWithoutBilling(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select c.id from customers c where c.code like 'SCALE%'
      and not exists (select 1 from jobs j where j.cid = c.id) and exists (select 1 from tickets t where t.cid = c.id) order by c.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Adds billing rows to the SCALE customers that have tickets and no jobs; returns how many customers got them. */
export async function seedScaleBilling(db: Db, log: (m: string) => void = () => {}): Promise<number> {
  const ids = await scaleCustomersWithoutBilling(db);
  if (!ids.length) return 0;
  const cids = sql.raw(`(array[${ids.join(',')}]::int[])`);
  const ref = REFERENCE_DATE.toISOString();
  log(`billing: ${ids.length} customers`);

  await db.execute(sql`insert into jobs (cid, job_num, internal_short_desc, job_status, start_date, end_date)
    select c, 'J' || c || '-' || k, (array['Managed Services Agreement','Backup and Disaster Recovery','Office Relocation Project'])[k],
           case when k = 3 then 'Closed' else 'Active' end, '2024-11-01', case when k = 3 then date '2025-04-30' else date '2027-10-31' end
    from unnest(${cids}) c cross join generate_series(1, 3) k order by c, k`);
  const mainJob = sql`(select id, cid from jobs where cid = any(${cids}) and job_num = 'J' || cid || '-1')`;

  log('billing: managed services and products');
  await db.execute(sql`insert into managed_services (cid, job_id, rate_desc, description, sell_price, quantity, ok_to_invoice, is_closed)
    select j.cid, j.id, ${col(SERVICES, 0, 'text')}[1 + ${h('j.id * 1000 + k', 1)} % 5], ${col(SERVICES, 1, 'text')}[1 + ${h('j.id * 1000 + k', 1)} % 5],
           ${col(SERVICES, 2, 'numeric')}[1 + ${h('j.id * 1000 + k', 1)} % 5], 1 + ${h('j.id * 1000 + k', 2)} % 60, k % 10 <> 0, j.job_status = 'Closed'
    from jobs j join (select cid, count(*)::int as n from tickets where cid = any(${cids}) group by cid) t on t.cid = j.cid
    cross join lateral generate_series(1, greatest(3, t.n / 300)) k
    where j.cid = any(${cids}) order by j.id, k`);
  await db.execute(sql`insert into job_products (cid, job_id, product_name, customer_description, quantity, price, product_class, billable_option)
    select j.cid, j.id, ${col(PRODUCTS, 0, 'text')}[1 + (j.id + k) % 5], ${col(PRODUCTS, 0, 'text')}[1 + (j.id + k) % 5] || ' for the office',
           1 + ${h('j.id * 10 + k', 3)} % 25, ${col(PRODUCTS, 2, 'numeric')}[1 + (j.id + k) % 5], ${col(PRODUCTS, 1, 'text')}[1 + (j.id + k) % 5],
           (array['Billable','Do Not Bill','No Charge'])[1 + k % 3]
    from jobs j cross join generate_series(1, 5) k where j.cid = any(${cids}) order by j.id, k`);

  log('billing: invoices, payments, credit memos');
  await db.execute(sql`insert into balance_transactions (cid, job_id, trans_num, trans_type, trans_date, amount, include_time_activity)
    select j.cid, j.id, 'SINV-' || j.cid || '-' || lpad(m::text, 2, '0'), 'INVOICE',
           (date_trunc('month', ${ref}::timestamptz at time zone 'UTC') - make_interval(months => 23 - m))::date, 0, m % 3 = 0
    from ${mainJob} j cross join generate_series(0, 23) m order by j.cid, m`);
  const invoices = sql`(select id, cid, trans_date from balance_transactions where cid = any(${cids}) and trans_type = 'INVOICE' and trans_num like 'SINV-%')`;
  await db.execute(sql`insert into invoice_lines (cid, invoice_id, item, description, quantity, price)
    select i.cid, i.id, ${col(LINES, 0, 'text')}[1 + (i.id + k) % 5], ${col(LINES, 1, 'text')}[1 + (i.id + k) % 5],
           1 + ${h('i.id * 10 + k', 4)} % 40, ${col(LINES, 2, 'numeric')}[1 + (i.id + k) % 5]
    from ${invoices} i cross join generate_series(1, 3) k order by i.id, k`);
  // The invoice amount is the sum of its lines, in numeric.
  await db.execute(sql`update balance_transactions b set amount = s.total
    from (select invoice_id, sum(round(quantity * price, 2)) as total from invoice_lines where cid = any(${cids}) group by invoice_id) s
    where b.id = s.invoice_id and b.cid = any(${cids})`);
  await db.execute(sql`insert into balance_transactions (cid, job_id, trans_num, trans_type, trans_date, amount, invoice_applied_id)
    select b.cid, b.job_id, 'SPAY-' || b.id, 'PAYMENT', b.trans_date + 21, b.amount, b.id
    from balance_transactions b where b.cid = any(${cids}) and b.trans_type = 'INVOICE' and b.trans_date < (${ref}::timestamptz - interval '2 months')::date
    order by b.id`);
  await db.execute(sql`insert into balance_transactions (cid, job_id, trans_num, trans_type, trans_date, amount, invoice_applied_id)
    select b.cid, b.job_id, 'SCM-' || b.id, 'CREDIT MEMO', b.trans_date + 3, 75.00, b.id
    from balance_transactions b where b.cid = any(${cids}) and b.trans_type = 'INVOICE' and b.id % 8 = 5 order by b.id`);

  log('billing: time entries (every other ticket)');
  await db.execute(sql`insert into time_entries (cid, job_id, ticket_id, invoice_id, staff_id, member_name, activity_type, rate_desc, rate,
      time_in, time_out, duration_hours, is_invoiced)
    select t.cid, j.id, t.id, i.id, s.id, s.first_name || ' ' || s.last_name,
           (array['Remote Support','On-site Support','Project Work','Consulting'])[1 + ${h('t.id', 5)} % 4],
           (array['Standard Rate','After Hours','Covered by Agreement'])[1 + ${h('t.id', 6)} % 3],
           (array[125.00, 187.50, 0.00])[1 + ${h('t.id', 6)} % 3],
           t.open_date + interval '2 hours', t.open_date + interval '2 hours' + make_interval(mins => x.minutes), round(x.minutes / 60.0, 2),
           i.id is not null
    from tickets t
    join ${mainJob} j on j.cid = t.cid
    cross join lateral (select (array[15, 30, 45, 60, 90, 120])[1 + ${h('t.id', 7)} % 6] as minutes) x
    join (select id, first_name, last_name, (row_number() over (order by id) - 1)::int as rn from provider_staff) s
      on s.rn = ${h('t.id', 8)} % (select count(*) from provider_staff)
    left join ${invoices} i on i.cid = t.cid and i.trans_date = (date_trunc('month', t.open_date at time zone 'UTC') + interval '1 month')::date
    where t.cid = any(${cids}) and t.id % 2 = 0
    order by t.id`);
  await db.execute(sql`analyze jobs, managed_services, job_products, balance_transactions, invoice_lines, time_entries`);
  return ids.length;
}
