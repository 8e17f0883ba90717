import {
  BACKUP_REPORT_ID,
  canSeeReports,
  CYBER_SECURITY_REPORT_ID,
  findReport,
  INFRASTRUCTURE_REPORT_ID,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  SINGLE_PANE_REPORT_ID,
  SUPPORT_TICKETS_REPORT_ID,
  type NativeReport,
  type ReportChart,
  type ReportFigure,
  type ReportLink,
  type ReportQuery,
  type ReportResponse,
  type TicketType,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { selectBalances } from '../jobs/queries.ts';
import * as q from './queries.ts';
import { addDays, DAY_MS, maxDay, minDay, todayIn, weeksOf } from './days.ts';

// The five native reports (requirements §13.2–§13.5; issue 15 items 1 and 2). Administrator only; the
// customer is the session's. Each report is headline figures plus charts in the shared ChartData model;
// every chart category carries the ticket-list link a click opens (the list's own URL filters).

/** requirements §13.3: the security class is the ticket class of this name (all its subclasses). */
const SECURITY_CLASS_NAME = 'Security';
/** requirements §13.3: the backup class is every subclass of this name (Security › Backup in the seed). */
const BACKUP_SUBCLASS_NAME = 'Backup';



export function requireReportsAdmin(scope: Scope): void {
  if (!canSeeReports(scope)) throw forbidden();
}

/** The external embed configured for a report, if any (requirements §13.6). */
export const embedOf = (config: Config, reportId: string) => config.reportEmbeds[reportId];

interface Ctx {
  db: Db;
  scope: Scope;
  tz: string;
  from: string;
  to: string;
  today: string;
  siteId: number | null;
  type: TicketType;
  now: Date;
  lookups: q.Lookups;
}

const fmtHours = (h: number | null) => (h === null ? null : h.toFixed(1));
const fig = (id: string, label: string, value: string | number | null, format: ReportFigure['format'] = 'count'): ReportFigure => ({
  id,
  label,
  value: value === null ? null : String(value),
  format,
});

/** A ticket list link with the report's period and site, plus `extra` filters (the list's URL parameter names). */
function ticketLink(c: Ctx, type: TicketType, extra: Record<string, string | number>, period: { from: string; to: string } = c): ReportLink {
  const query: Record<string, string> = { status: '<ALL>', openDateFrom: period.from, openDateTo: period.to };
  if (c.siteId !== null) query.siteId = String(c.siteId);
  for (const [k, v] of Object.entries(extra)) query[k] = String(v);
  return { list: type === 'Incident' ? 'incidents' : 'requests', query };
}

function chart(id: string, title: string, kind: ReportChart['kind'], categoryLabel: string, rows: { label: string; link: ReportLink | null; values: number[] }[], series: string[]): ReportChart {
  return {
    id,
    title,
    kind,
    categoryLabel,
    data: {
      categories: rows.map((r) => r.label),
      keys: rows.map((r, i) => (r.link ? String(i) : null)),
      series: series.map((name, si) => ({ name, values: rows.map((r) => r.values[si] ?? 0) })),
    },
    links: rows.map((r) => r.link),
  };
}

const counted = (counts: q.DimensionCount[], dim: q.Dimension) => counts.filter((r) => r.dim === dim);
const byKey = (counts: q.DimensionCount[], dim: q.Dimension) => new Map(counted(counts, dim).map((r) => [r.key, r.n]));
/** Largest first, then by label; at most `limit`. */
const top = <R extends { values: number[]; label: string }>(rows: R[], limit: number) =>
  [...rows].sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0) || a.label.localeCompare(b.label)).slice(0, limit);

// ---- Shared chart builders ----------------------------------------------------------------------

function weeklyChart(c: Ctx, id: string, title: string, type: TicketType, opened: Map<string | null, number>, closed: Map<string, number> | null, extra: Record<string, string | number> = {}): ReportChart {
  const rows = weeksOf(c.from, c.to).map((w) => ({
    label: w,
    link: ticketLink(c, type, extra, { from: maxDay(w, c.from), to: minDay(addDays(w, 6), c.to) }),
    values: closed ? [opened.get(w) ?? 0, closed.get(w) ?? 0] : [opened.get(w) ?? 0],
  }));
  return chart(id, title, closed ? 'line' : 'bar', 'Week of', rows, closed ? ['Created', 'Closed'] : ['Incidents']);
}

function backlogChart(c: Ctx, id: string, title: string, type: TicketType, buckets: number[], extra: Record<string, string | number> = {}): ReportChart {
  const rows = q.AGE_BUCKETS.map((b, i) => {
    // The list's openDate range of the bucket: opened between today − maxDays and today − minDays.
    const period = { from: b.maxDays === null ? '2000-01-01' : addDays(c.today, -b.maxDays), to: addDays(c.today, -b.minDays) };
    const link = ticketLink(c, type, { ...extra, status: 'Open' }, period);
    return { label: b.label, link, values: [buckets[i] ?? 0] };
  });
  return chart(id, title, 'bar', 'Age', rows, ['Open tickets']);
}

// ---- The reports ------------------------------------------------------------------------------

async function supportTickets(c: Ctx): Promise<Pick<NativeReport, 'figures' | 'charts'>> {
  const s: q.TicketScope = { cid: c.scope.cid, tz: c.tz, from: c.from, to: c.to, siteId: c.siteId, type: c.type };
  const [opened, closed, backlog, firstResponse] = await Promise.all([
    q.countOpened(c.db, s, ['week', 'priority', 'class', 'subclass', 'site', 'department']),
    q.closedStats(c.db, s),
    q.backlogByAge(c.db, s, c.now),
    q.firstResponseMedian(c.db, s),
  ]);
  const created = counted(opened, 'week').reduce((a, r) => a + r.n, 0);
  const sites = new Map((await q.selectSites(c.db, c.scope.cid)).map((x) => [x.id, x.name]));
  const deptIds = counted(opened, 'department').flatMap((r) => (r.key ? [Number(r.key)] : []));
  const depts = await q.selectNames(c.db, 'departments', c.scope.cid, deptIds);
  const priorities = byKey(opened, 'priority');
  const classes = byKey(opened, 'class');
  const subclasses = byKey(opened, 'subclass');
  const className = new Map(c.lookups.classes.map((x) => [x.id, x.name]));
  const named = (dim: q.Dimension, names: Map<number, string>, param: string) =>
    counted(opened, dim)
      .filter((r) => r.key !== null)
      .map((r) => ({ label: names.get(Number(r.key)) ?? `#${r.key}`, link: ticketLink(c, c.type, { [param]: r.key! }), values: [r.n] }));

  return {
    figures: [
      fig('created', 'Tickets created', created),
      fig('closed', 'Tickets closed', closed.closed),
      fig('open', 'Open now', backlog.reduce((a, b) => a + b, 0)),
      fig('medianResolve', 'Median time to resolve', fmtHours(closed.median), 'hours'),
      fig('p90Resolve', '90th percentile time to resolve', fmtHours(closed.p90), 'hours'),
      fig('firstResponse', 'Median first response', fmtHours(firstResponse), 'hours'),
    ],
    charts: [
      weeklyChart(c, 'createdClosed', 'Created vs closed per week', c.type, byKey(opened, 'week'), new Map(closed.weeks.map((w) => [w.key, w.n]))),
      backlogChart(c, 'backlog', 'Open backlog by age', c.type, backlog),
      chart(
        'priority',
        'Created by priority',
        'pie',
        'Priority',
        c.lookups.priorities.filter((p) => priorities.has(String(p.id))).map((p) => ({ label: p.name, link: ticketLink(c, c.type, { priorityId: p.id }), values: [priorities.get(String(p.id)) ?? 0] })),
        ['Tickets'],
      ),
      chart(
        'class',
        'Created by class',
        'bar',
        'Class',
        c.lookups.classes.filter((x) => classes.has(String(x.id))).map((x) => ({ label: x.name, link: ticketLink(c, c.type, { classId: x.id }), values: [classes.get(String(x.id)) ?? 0] })),
        ['Tickets'],
      ),
      chart(
        'subclass',
        'Created by subclass',
        'horizontalBar',
        'Subclass',
        top(
          c.lookups.subclasses
            .filter((x) => subclasses.has(String(x.id)))
            .map((x) => ({ label: `${className.get(x.classId) ?? ''} › ${x.name}`, link: ticketLink(c, c.type, { classId: x.classId, subclassId: x.id }), values: [subclasses.get(String(x.id)) ?? 0] })),
          15,
        ),
        ['Tickets'],
      ),
      chart('sites', 'Busiest sites', 'horizontalBar', 'Site', top(named('site', sites, 'siteId'), 10), ['Tickets']),
      chart('departments', 'Busiest departments', 'horizontalBar', 'Department', top(named('department', depts, 'departmentId'), 10), ['Tickets']),
    ],
  };
}

function securityIds(l: q.Lookups) {
  const classIds = l.classes.filter((x) => x.name.toLowerCase() === SECURITY_CLASS_NAME.toLowerCase()).map((x) => x.id);
  const backupSubclasses = l.subclasses.filter((x) => x.name.toLowerCase() === BACKUP_SUBCLASS_NAME.toLowerCase());
  return { classIds, backupSubclasses };
}

async function cyberSecurity(c: Ctx): Promise<Pick<NativeReport, 'figures' | 'charts'>> {
  const { classIds } = securityIds(c.lookups);
  const s: q.TicketScope = { cid: c.scope.cid, tz: c.tz, from: c.from, to: c.to, siteId: c.siteId, type: 'Incident', classIds };
  const [opened, closed, backlog] = await Promise.all([q.countOpened(c.db, s, ['week', 'severity', 'subclass']), q.closedStats(c.db, s), q.backlogByAge(c.db, s, c.now)]);
  const classExtra: Record<string, number> = classIds.length === 1 ? { classId: classIds[0]! } : {};
  const severities = byKey(opened, 'severity');
  const subclasses = byKey(opened, 'subclass');
  const created = counted(opened, 'week').reduce((a, r) => a + r.n, 0);
  return {
    figures: [
      fig('created', 'Security incidents', created),
      fig('open', 'Open security incidents', backlog.reduce((a, b) => a + b, 0)),
      fig('medianResolve', 'Median time to resolve', fmtHours(closed.median), 'hours'),
      fig('p90Resolve', '90th percentile time to resolve', fmtHours(closed.p90), 'hours'),
    ],
    charts: [
      weeklyChart(c, 'perWeek', 'Security incidents per week', 'Incident', byKey(opened, 'week'), null, classExtra),
      // The ticket lists have no severity filter: a slice opens the security incidents of the period.
      chart(
        'severity',
        'Security incidents by severity',
        'pie',
        'Severity',
        [
          ...c.lookups.severities.filter((x) => severities.has(x.short)).map((x) => ({ label: x.name, link: ticketLink(c, 'Incident', classExtra), values: [severities.get(x.short) ?? 0] })),
          ...(severities.has(null) ? [{ label: 'No severity', link: ticketLink(c, 'Incident', classExtra), values: [severities.get(null) ?? 0] }] : []),
        ],
        ['Incidents'],
      ),
      chart(
        'subclass',
        'Security incidents by subclass',
        'bar',
        'Subclass',
        c.lookups.subclasses
          .filter((x) => subclasses.has(String(x.id)))
          .map((x) => ({ label: x.name, link: ticketLink(c, 'Incident', { classId: x.classId, subclassId: x.id }), values: [subclasses.get(String(x.id)) ?? 0] })),
        ['Incidents'],
      ),
      backlogChart(c, 'openByAge', 'Open security incidents by age', 'Incident', backlog, classExtra),
    ],
  };
}

async function backupRecovery(c: Ctx): Promise<Pick<NativeReport, 'figures' | 'charts'>> {
  const { backupSubclasses } = securityIds(c.lookups);
  const subclassIds = backupSubclasses.map((x) => x.id);
  const s: q.TicketScope = { cid: c.scope.cid, tz: c.tz, from: c.from, to: c.to, siteId: c.siteId, type: 'Incident', subclassIds };
  const [opened, backlog, services] = await Promise.all([q.countOpened(c.db, s, ['week', 'device']), q.backlogByAge(c.db, s, c.now), q.backupServices(c.db, c.scope.cid)]);
  const extra: Record<string, number> = backupSubclasses.length === 1 ? { classId: backupSubclasses[0]!.classId, subclassId: backupSubclasses[0]!.id } : {};
  const deviceCounts = counted(opened, 'device').filter((r) => r.key !== null);
  const deviceNames = await q.selectNames(c.db, 'devices', c.scope.cid, deviceCounts.map((r) => Number(r.key)));
  const created = counted(opened, 'week').reduce((a, r) => a + r.n, 0);
  const monthly = services.reduce((cents, x) => cents + Math.round(Number(x.monthly) * 100), 0);
  return {
    figures: [
      fig('created', 'Backup incidents', created),
      fig('open', 'Open backup incidents', backlog.reduce((a, b) => a + b, 0)),
      fig('services', 'Managed backup services', services.length),
      fig('servicesValue', 'Managed backup services per month', centsToMoney(monthly), 'money'),
    ],
    charts: [
      weeklyChart(c, 'perWeek', 'Backup incidents per week', 'Incident', byKey(opened, 'week'), null, extra),
      chart(
        'byDevice',
        'Backup failures by device',
        'horizontalBar',
        'Device',
        top(
          deviceCounts.map((r) => {
            const name = deviceNames.get(Number(r.key)) ?? `#${r.key}`;
            return { label: name, link: { list: 'devices' as const, query: { search: name } }, values: [r.n] };
          }),
          10,
        ),
        ['Incidents'],
      ),
      chart('services', 'Managed backup services (per month)', 'horizontalBar', 'Service', services.map((x) => ({ label: x.name, link: null, values: [Number(x.monthly)] })), ['US dollars']),
    ],
  };
}

async function infrastructure(c: Ctx): Promise<Pick<NativeReport, 'figures' | 'charts'>> {
  const s: q.TicketScope = { cid: c.scope.cid, tz: c.tz, from: c.from, to: c.to, siteId: c.siteId, type: 'Incident' };
  const [devices, opened] = await Promise.all([q.deviceSummary(c.db, c.scope.cid, c.siteId, c.today), q.countOpened(c.db, s, ['device'])]);
  const perDevice = counted(opened, 'device').filter((r) => r.key !== null);
  const names = await q.selectNames(c.db, 'devices', c.scope.cid, perDevice.map((r) => Number(r.key)));
  const label = (k: string | null, none: string) => k ?? none;
  const [expired, d30, d60, d90] = devices.warranty;
  return {
    figures: [
      fig('devices', 'Active devices', devices.total),
      fig('withoutContact', 'Devices without a contact', devices.withoutContact),
      fig('warranty90', 'Warranties ending within 90 days', d30 + d60 + d90),
      fig('incidentsWithDevice', 'Incidents on a device', perDevice.reduce((a, r) => a + r.n, 0)),
    ],
    charts: [
      chart('byType', 'Devices by type', 'pie', 'Type', top(devices.byType.map((r) => ({ label: label(r.key, 'No type'), link: null, values: [r.n] })), 12), ['Devices']),
      chart('byOs', 'Devices by operating system', 'horizontalBar', 'Operating system', top(devices.byOs.map((r) => ({ label: label(r.key, 'Unknown'), link: null, values: [r.n] })), 12), ['Devices']),
      chart(
        'topOffenders',
        'Incidents per device (top 10)',
        'horizontalBar',
        'Device',
        top(
          perDevice.map((r) => {
            const name = names.get(Number(r.key)) ?? `#${r.key}`;
            return { label: name, link: { list: 'devices' as const, query: { search: name } }, values: [r.n] };
          }),
          10,
        ),
        ['Incidents'],
      ),
      chart(
        'warranty',
        'Warranties ending',
        'bar',
        'Warranty',
        [
          { label: 'Ended', link: null, values: [expired] },
          { label: 'Within 30 days', link: null, values: [d30] },
          { label: '31–60 days', link: null, values: [d60] },
          { label: '61–90 days', link: null, values: [d90] },
        ],
        ['Devices'],
      ),
    ],
  };
}

async function singlePane(c: Ctx): Promise<Pick<NativeReport, 'figures' | 'charts'>> {
  const { classIds, backupSubclasses } = securityIds(c.lookups);
  const base: q.TicketScope = { cid: c.scope.cid, tz: c.tz, from: c.from, to: c.to, siteId: c.siteId, type: c.type };
  const inc: q.TicketScope = { ...base, type: 'Incident' };
  const [opened, closed, backlog, devices, secBacklog, backupOpened, balances, hours] = await Promise.all([
    q.countOpened(c.db, base, ['week']),
    q.closedStats(c.db, base),
    q.backlogByAge(c.db, base, c.now),
    q.deviceSummary(c.db, c.scope.cid, c.siteId, c.today),
    q.backlogByAge(c.db, { ...inc, classIds }, c.now),
    q.countOpened(c.db, { ...inc, subclassIds: backupSubclasses.map((x) => x.id) }, ['week']),
    selectBalances(c.db, c.scope.cid, undefined, c.today, 0),
    q.hoursThisMonth(c.db, c.scope.cid, c.tz),
  ]);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    figures: [
      fig('created', 'Tickets created', sum(counted(opened, 'week').map((r) => r.n))),
      fig('open', 'Open tickets', sum(backlog)),
      fig('medianResolve', 'Median time to resolve', fmtHours(closed.median), 'hours'),
      fig('devices', 'Active devices', devices.total),
      fig('warranty90', 'Warranties ending within 90 days', devices.warranty[1] + devices.warranty[2] + devices.warranty[3]),
      fig('securityOpen', 'Open security incidents', sum(secBacklog)),
      fig('backupIncidents', 'Backup incidents', sum(counted(backupOpened, 'week').map((r) => r.n))),
      fig('balance', "Agreements' balance", balances.total, 'money'),
      fig('hoursThisMonth', 'Hours this month', hours, 'hours'),
    ],
    charts: [
      weeklyChart(c, 'createdClosed', 'Created vs closed per week', c.type, byKey(opened, 'week'), new Map(closed.weeks.map((w) => [w.key, w.n]))),
      backlogChart(c, 'backlog', 'Open backlog by age', c.type, backlog),
    ],
  };
}

/** Integer cents as a 2-decimal string, without floating point. */
function centsToMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export async function getReport(db: Db, config: Config, scope: Scope, reportId: string, query: ReportQuery, now: Date = new Date()): Promise<ReportResponse> {
  requireReportsAdmin(scope);
  const report = findReport(reportId);
  if (!report) throw notFound('Report not found');
  if (embedOf(config, report.id)) return { kind: 'embed', reportId: report.id, title: report.label };

  const tz = scope.user.timeZone;
  const today = todayIn(tz, now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= REPORT_MAX_DAYS)
    throw badRequest({ from: `The period is longer than ${REPORT_MAX_DAYS} days` }, `The period is longer than ${REPORT_MAX_DAYS} days`);
  const [sites, lookups] = await Promise.all([q.selectSites(db, scope.cid), q.selectLookups(db)]);
  // A site of another customer counts nothing (every query is within cid) and is not echoed back.
  const siteId = query.siteId !== undefined && sites.some((x) => x.id === query.siteId) ? query.siteId : null;
  if (query.siteId !== undefined && siteId === null) throw notFound('Site not found');
  const hasTypeFilter = report.id === SUPPORT_TICKETS_REPORT_ID || report.id === SINGLE_PANE_REPORT_ID;
  const type: TicketType = hasTypeFilter ? (query.type ?? 'Incident') : 'Incident';
  const c: Ctx = { db, scope, tz, from, to, today, siteId, type, now, lookups };

  const body =
    report.id === SUPPORT_TICKETS_REPORT_ID
      ? await supportTickets(c)
      : report.id === INFRASTRUCTURE_REPORT_ID
        ? await infrastructure(c)
        : report.id === CYBER_SECURITY_REPORT_ID
          ? await cyberSecurity(c)
          : report.id === BACKUP_REPORT_ID
            ? await backupRecovery(c)
            : await singlePane(c);
  return { kind: 'native', reportId: report.id, title: report.label, from, to, siteId, type, hasTypeFilter, timeZone: tz, sites, ...body };
}
