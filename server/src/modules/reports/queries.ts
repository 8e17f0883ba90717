import { sql, type SQL } from 'drizzle-orm';
import type { TicketType } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/ids.ts';
import { weeksOf } from './days.ts';

// The only SQL of the reports (requirements §13.4). Every query filters by the caller's customer (cid)
// first; ticket aggregates read the covering indexes of migration 0011 (index-only scans over the
// period's rows), so a report of the largest customer stays within its latency budget without a
// second copy of the tickets. Days and weeks are the user's (time zone `tz`).

export interface TicketScope {
  cid: number;
  tz: string;
  /** First and last day of the period, both included (YYYY-MM-DD in `tz`). */
  from: string;
  to: string;
  siteId: number | null;
  type: TicketType;
  /** Extra conditions: the security or backup class. */
  classIds?: number[];
  subclassIds?: number[];
}

const lo = (s: TicketScope) => sql`(${s.from}::date::timestamp at time zone ${s.tz})`;
const hi = (s: TicketScope) => sql`((${s.to}::date + 1)::timestamp at time zone ${s.tz})`;
const intList = (ids: number[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

/**
 * The week (its Monday, YYYY-MM-DD) of a timestamp column, in the user's zone: the local Mondays of the
 * period become instants once per query, and each row only binary-searches them (width_bucket). Converting
 * every row's timestamp to local time instead (date_trunc of `at time zone`) cost ≈ 3 µs a row, most of a
 * report's SQL time (docs/decisions/026).
 */
function weekOf(s: TicketScope, column: SQL): SQL {
  const mondays = `{${weeksOf(s.from, s.to).join(',')}}`;
  const bounds = sql`(select array_agg(w::timestamp at time zone ${s.tz} order by w) from unnest(${mondays}::date[]) w)`;
  return sql`(${mondays}::text[])[width_bucket(${column}, ${bounds})]`;
}
/** Seconds between two timestamps as double precision (extract() gives numeric, slower to sort). */
const seconds = (later: SQL, earlier: SQL) => sql`date_part('epoch', ${later} - ${earlier})`;

/** cid, type, site and class conditions (no date): the part every ticket query shares. */
function ticketBase(s: TicketScope): SQL {
  const parts: SQL[] = [sql`t.cid = ${s.cid}`, sql`t.ticket_type = ${s.type}`];
  if (s.siteId !== null) parts.push(sql`t.site_id = ${s.siteId}`);
  if (s.classIds) parts.push(s.classIds.length ? sql`t.class_id in (${intList(s.classIds)})` : sql`false`);
  if (s.subclassIds) parts.push(s.subclassIds.length ? sql`t.subclass_id in (${intList(s.subclassIds)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

export type Dimension = 'week' | 'priority' | 'class' | 'subclass' | 'site' | 'department' | 'severity' | 'device';
export interface DimensionCount {
  dim: Dimension;
  key: string | null;
  n: number;
}

/**
 * Tickets opened in the period counted along several dimensions in ONE pass (grouping sets): per week
 * (Monday, user's zone), priority, class, subclass, site, department, severity, device.
 */
export async function countOpened(db: Db, s: TicketScope, dims: Dimension[]): Promise<DimensionCount[]> {
  // The week is computed once in a subquery: grouping() needs the very same expression as the grouping set.
  const cols: Record<Dimension, string> = {
    week: 'week',
    priority: 'priority_id',
    class: 'class_id',
    subclass: 'subclass_id',
    site: 'site_id',
    department: 'department_id',
    severity: 'severity_short',
    device: 'device_id',
  };
  const which = sql.raw(dims.map((d) => `when grouping(${cols[d]}) = 0 then '${d}'`).join(' '));
  const key = sql.raw(dims.map((d) => `when grouping(${cols[d]}) = 0 then ${cols[d]}::text`).join(' '));
  const sets = sql.raw(dims.map((d) => `(${cols[d]})`).join(', '));
  const res = await db.execute(sql`
    select case ${which} end as dim, case ${key} end as key, count(*)::int as n
    from (select ${weekOf(s, sql`t.open_date`)} as week, t.priority_id, t.class_id, t.subclass_id,
                 t.site_id, t.department_id, t.severity_short, t.device_id
          from tickets t
          where ${ticketBase(s)} and t.open_date >= ${lo(s)} and t.open_date < ${hi(s)}) x
    group by grouping sets (${sets})`);
  return rowsOf<DimensionCount>(res).map((r) => ({ ...r, n: Number(r.n) }));
}

/** Tickets closed in the period per week (user's zone), and the time to resolve (hours): median and 90th percentile. */
export async function closedStats(db: Db, s: TicketScope): Promise<{ weeks: { key: string; n: number }[]; closed: number; median: number | null; p90: number | null }> {
  const where = sql`${ticketBase(s)} and t.closed_date >= ${lo(s)} and t.closed_date < ${hi(s)}`;
  const [weeks, stats] = await Promise.all([
    db.execute(sql`
      select ${weekOf(s, sql`t.closed_date`)} as key, count(*)::int as n
      from tickets t where ${where} group by 1`),
    db.execute(sql`
      select count(*)::int as n,
             percentile_cont(0.5) within group (order by ${seconds(sql`t.closed_date`, sql`t.open_date`)}) / 3600 as median,
             percentile_cont(0.9) within group (order by ${seconds(sql`t.closed_date`, sql`t.open_date`)}) / 3600 as p90
      from tickets t where ${where}`),
  ]);
  const st = rowsOf<{ n: number; median: number | string | null; p90: number | string | null }>(stats)[0];
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    weeks: rowsOf<{ key: string; n: number }>(weeks).map((r) => ({ key: r.key, n: Number(r.n) })),
    closed: Number(st?.n ?? 0),
    median: num(st?.median),
    p90: num(st?.p90),
  };
}

/** Age buckets of the open backlog (every ticket not Closed, whenever opened), in whole days. */
export const AGE_BUCKETS = [
  { label: 'Under 1 day', minDays: 0, maxDays: 1 },
  { label: '1–7 days', minDays: 1, maxDays: 7 },
  { label: '7–30 days', minDays: 7, maxDays: 30 },
  { label: '30–90 days', minDays: 30, maxDays: 90 },
  { label: 'Over 90 days', minDays: 90, maxDays: null },
] as const;

/**
 * Open tickets now by age bucket (age = now − open date). The total comes from report_open_counts (kept by
 * triggers, migration 0020); only the open tickets younger than the oldest bucket's lower bound are read
 * (the backlog partial index, a range of open dates), and the oldest bucket is the rest. Exact, and the
 * cost follows the recent backlog, not the whole of it (docs/decisions/026).
 */
export async function backlogByAge(db: Db, s: TicketScope, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const last = AGE_BUCKETS.length - 1;
  const oldest = AGE_BUCKETS[last]!.minDays;
  const arms = sql.join(
    AGE_BUCKETS.flatMap((b, i) => (b.maxDays === null ? [] : [sql`when t.open_date > ${at}::timestamptz - make_interval(days => ${b.maxDays}) then ${i}`])),
    sql` `,
  );
  const rollup: SQL[] = [sql`r.cid = ${s.cid}`, sql`r.ticket_type = ${s.type}`];
  if (s.siteId !== null) rollup.push(sql`r.site_id = ${s.siteId}`);
  if (s.classIds) rollup.push(s.classIds.length ? sql`r.class_id in (${intList(s.classIds)})` : sql`false`);
  if (s.subclassIds) rollup.push(s.subclassIds.length ? sql`r.subclass_id in (${intList(s.subclassIds)})` : sql`false`);
  const res = await db.execute(sql`
    select (case ${arms} else ${last} end)::int as b, count(*)::int as n
    from tickets t where ${ticketBase(s)} and t.status <> 'Closed' and t.open_date > ${at}::timestamptz - make_interval(days => ${oldest})
    group by 1
    union all
    select -1, coalesce(sum(r.n), 0)::int from report_open_counts r where ${sql.join(rollup, sql` and `)}`);
  const out: number[] = AGE_BUCKETS.map(() => 0);
  let total = 0;
  for (const r of rowsOf<{ b: number | string; n: number }>(res)) {
    if (Number(r.b) === -1) total = Number(r.n);
    else out[Number(r.b)] = Number(r.n);
  }
  out[last] = total - out.reduce((a, n) => a + n, 0);
  return out;
}

/**
 * Median hours from opening to the first note by provider staff, over tickets opened in the period that
 * have one: tickets.first_response_at (kept by triggers on ticket_actions, migration 0020), read from the
 * opened covering index.
 */
export async function firstResponseMedian(db: Db, s: TicketScope): Promise<number | null> {
  const res = await db.execute(sql`
    select percentile_cont(0.5) within group (order by ${seconds(sql`t.first_response_at`, sql`t.open_date`)}) / 3600 as median
    from tickets t
    where ${ticketBase(s)} and t.open_date >= ${lo(s)} and t.open_date < ${hi(s)} and t.first_response_at is not null`);
  const v = rowsOf<{ median: number | string | null }>(res)[0]?.median;
  return v === null || v === undefined ? null : Number(v);
}

// ---- Lookups and names ------------------------------------------------------------------------

export interface Lookups {
  priorities: { id: number; name: string; level: number }[];
  severities: { short: string; name: string; sort: number }[];
  classes: { id: number; name: string }[];
  subclasses: { id: number; classId: number; name: string }[];
}

export async function selectLookups(db: Db): Promise<Lookups> {
  const [p, s, c, sc] = await Promise.all([
    db.execute(sql`select id, name, level from ticket_priorities order by level, id`),
    db.execute(sql`select short, name, sort from ticket_severities order by sort, short`),
    db.execute(sql`select id, name from ticket_classes order by name, id`),
    db.execute(sql`select id, class_id as "classId", name from ticket_subclasses order by name, id`),
  ]);
  return {
    priorities: rowsOf(p),
    severities: rowsOf(s),
    classes: rowsOf(c),
    subclasses: rowsOf(sc),
  };
}

export async function selectSites(db: Db, cid: number): Promise<{ id: number; name: string }[]> {
  return rowsOf(await db.execute(sql`select id, name from sites where cid = ${cid} order by name, id`));
}

export async function selectNames(db: Db, table: 'departments' | 'devices', cid: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const col = table === 'devices' ? sql`device_name` : sql`name`;
  const res = await db.execute(sql`select id, ${col} as name from ${sql.raw(table)} where id in (${intList(ids)}) and (cid = ${cid}${table === 'departments' ? sql` or cid is null` : sql``})`);
  return new Map(rowsOf<{ id: number; name: string }>(res).map((r) => [r.id, r.name]));
}

// ---- Devices ----------------------------------------------------------------------------------

interface DeviceSummary {
  total: number;
  withoutContact: number;
  byType: { key: string | null; n: number }[];
  byOs: { key: string | null; n: number }[];
  /** Active devices whose warranty ended already, or ends within 30, 31–60, 61–90 days of `today`. */
  warranty: [number, number, number, number];
}

export async function deviceSummary(db: Db, cid: number, siteId: number | null, today: string): Promise<DeviceSummary> {
  const where = sql`d.cid = ${cid} and d.is_active${siteId === null ? sql`` : sql` and d.site_id = ${siteId}`}`;
  const [totals, groups] = await Promise.all([
    db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where d.contact_id is null)::int as no_contact,
             count(*) filter (where d.warranty_end < ${today}::date)::int as w0,
             count(*) filter (where d.warranty_end >= ${today}::date and d.warranty_end <= ${today}::date + 30)::int as w30,
             count(*) filter (where d.warranty_end > ${today}::date + 30 and d.warranty_end <= ${today}::date + 60)::int as w60,
             count(*) filter (where d.warranty_end > ${today}::date + 60 and d.warranty_end <= ${today}::date + 90)::int as w90
      from devices d where ${where}`),
    db.execute(sql`
      select case when grouping(d.device_type) = 0 then 'type' else 'os' end as dim,
             case when grouping(d.device_type) = 0 then d.device_type else d.operating_system end as key,
             count(*)::int as n
      from devices d where ${where}
      group by grouping sets ((d.device_type), (d.operating_system))`),
  ]);
  const t = rowsOf<Record<string, number>>(totals)[0] ?? {};
  const g = rowsOf<{ dim: 'type' | 'os'; key: string | null; n: number }>(groups);
  return {
    total: Number(t.total ?? 0),
    withoutContact: Number(t.no_contact ?? 0),
    byType: g.filter((r) => r.dim === 'type').map((r) => ({ key: r.key, n: Number(r.n) })),
    byOs: g.filter((r) => r.dim === 'os').map((r) => ({ key: r.key, n: Number(r.n) })),
    warranty: [Number(t.w0 ?? 0), Number(t.w30 ?? 0), Number(t.w60 ?? 0), Number(t.w90 ?? 0)],
  };
}

// ---- Agreements -------------------------------------------------------------------------------

/** Invoiceable, open managed services on the customer's agreements that are about backup (name, description or agreement). */
export async function backupServices(db: Db, cid: number): Promise<{ name: string; monthly: string }[]> {
  const res = await db.execute(sql`
    select coalesce(nullif(m.rate_desc, ''), m.description, j.job_num) || ' (' || coalesce(nullif(j.job_num, ''), j.id::text) || ')' as name,
           (m.sell_price * m.quantity)::numeric(14,2)::text as monthly
    from managed_services m join jobs j on j.id = m.job_id and j.cid = m.cid
    where m.cid = ${cid} and m.ok_to_invoice and not m.is_closed
      and (m.rate_desc ilike '%backup%' or m.description ilike '%backup%' or j.internal_short_desc ilike '%backup%')
    order by m.sell_price * m.quantity desc, m.id
    limit 50`);
  return rowsOf(res);
}

/** Hours of time entries on the customer's agreements in the current month of the user's zone (requirements §11, Agreement dialog). */
export async function hoursThisMonth(db: Db, cid: number, tz: string): Promise<string> {
  const monthStart = sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;
  const res = await db.execute(sql`
    select coalesce(sum(duration_hours), 0)::numeric(14,2)::text as hours
    from time_entries where cid = ${cid} and time_in >= ${monthStart} and time_in < ${monthStart} + interval '1 month'`);
  return rowsOf<{ hours: string }>(res)[0]?.hours ?? '0.00';
}
