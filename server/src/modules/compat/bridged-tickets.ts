import { z } from 'zod';
import {
  TICKET_EXACT_COUNT_LIMIT,
  TICKET_SORT_KEYS,
  TICKET_STATUS_FILTERS,
  ZSearchQuerySchema,
  ZTicketFilterSearchTypeSchema,
  ZTicketListRequestSchema,
  type ServiceRequestRow,
  type TicketSortKey,
  type TicketType,
} from '@sc/common';
import { badRequest, notFound } from '../../http/errors.ts';
import { accountTeamFor } from '../home/service.ts';
import { globalSearch } from '../search/service.ts';
import { exportTicketActions, listTicketActions } from '../ticket-detail/actions.service.ts';
import { readTicket } from '../ticket-detail/read-ticket.ts';
import { selectVisibleFilters } from '../tickets/filters.queries.ts';
import { countTickets, selectTicketPage } from '../tickets/list.queries.ts';
import { listFilterFor, presentServiceRequestRow } from '../tickets/list.service.ts';
import { getTicketLookups } from '../tickets/lookups.service.ts';
import { multiple, single, type Attrs, type BridgedContext, type BridgedResource } from './bridged-core.ts';
import { zFlag, zId, zText } from './bridged-params.ts';

// Ticket-side resources of portal-shell-and-tickets.md §7 and portal-contacts-jobs-and-public.md §7: the ticket
// lists (same filter and scope as /api/v1/incidents and /service-requests), lookups, saved filters, global
// search, ticket by id, actions and the account team.

/** The ticket filter parameters of the original (requirements §16.3), mapped onto ZTicketListRequestSchema. */
const zTicketParams = z.object({
  Status: z
    .string()
    .transform((v) => (v.toLowerCase() === 'all' ? '<ALL>' : v))
    .pipe(z.enum(TICKET_STATUS_FILTERS, { error: `must be one of ${TICKET_STATUS_FILTERS.join(', ')}` }))
    .optional(),
  SearchValue: zText.optional(),
  IncidentNo: zText.optional(),
  assignedTo: zId.optional(),
  CustomerContactID: zId.optional(),
  ContactID: zId.optional(),
  DeviceID: zId.optional(),
  IsVIP: zFlag.optional(),
  DepartmentID: zId.optional(),
  TSMDepartmentID: zId.optional(),
  BoardID: zId.optional(),
  PriorityID: zId.optional(),
  RequestPriority: zId.optional(),
  PriorityLevel: zId.optional(),
  ClientSiteID: zId.optional(),
  IsRequestScheduled: zFlag.optional(),
  OpenDateStart: zText.optional(),
  OpenDateStop: zText.optional(),
  RequestedStartDate: zText.optional(),
  RequestedStopDate: zText.optional(),
  // Accepted for compatibility and not used: ReAssignmentTemplateID, IsAssigneeSharedOperator, SubClientID,
  // CurrentUserID, RequestType, GetTotal (the total always comes back).
});
type TicketParams = z.output<typeof zTicketParams>;

const TICKET_SORTS: Record<string, TicketSortKey> = {
  IncidentID: 'id',
  IncidentNo: 'ticketNo',
  Status: 'status',
  AssignedToName: 'assignedToName',
  ShortDescription: 'shortDescription',
  IncidentPriority: 'priority',
  SeverityShort: 'severity',
  OpenDate: 'openDate',
  IncidentClass: 'class',
  IncidentSubClass: 'subclass',
  TargetName: 'targetName',
  RequestedStartDate: 'requestedStartDate',
  RequestedEndDate: 'requestedEndDate',
};

export const TICKET_FIELDS = [
  'IncidentID',
  'IncidentNo',
  'IncidentType',
  'Status',
  'AssignedToName',
  'ShortDescription',
  'Description',
  'IncidentPriority',
  'PriorityID',
  'Severity',
  'SeverityShort',
  'OpenDate',
  'IncidentClass',
  'IncidentSubClass',
  'TargetName',
  'TargetContactID',
  'ContactID',
  'ContactName',
  'IsVIP',
  'AssignedUserID',
  'AssignedToContactID',
  'ReAssignmentTemplateID',
  'RequestedStartDate',
  'RequestedEndDate',
] as const;

const ticketRecord = (r: ServiceRequestRow): Attrs => ({
  IncidentID: r.id,
  IncidentNo: r.ticketNo,
  IncidentType: r.ticketType,
  Status: r.status,
  AssignedToName: r.assignedToName,
  ShortDescription: r.shortDescription,
  Description: r.description,
  IncidentPriority: r.priorityName,
  PriorityID: r.priorityId,
  Severity: r.severityName,
  SeverityShort: r.severityShort,
  OpenDate: r.openDate,
  IncidentClass: r.className,
  IncidentSubClass: r.subclassName,
  TargetName: r.targetName,
  TargetContactID: r.targetContactId,
  ContactID: r.contactId,
  ContactName: r.contactName,
  IsVIP: r.isVip,
  AssignedUserID: r.assignedStaffId,
  AssignedToContactID: r.assignedContactId,
  ReAssignmentTemplateID: r.reassignmentTemplateId,
  RequestedStartDate: r.requestedStartDate,
  RequestedEndDate: r.requestedEndDate,
});

/**
 * A page of tickets through the lists' own filter (listFilterFor: customer from the scope, a User only its
 * own contact), plus the contact or device the resource is about. A contact other than a User's own gives none.
 */
export async function ticketPage(ctx: BridgedContext, ticketType: TicketType, p: TicketParams, paging: { offset: number; pageSize: number; sort: string | undefined; direction: 'asc' | 'desc' | undefined }, about: { contactId?: number; deviceId?: number } = {}) {
  const q = ZTicketListRequestSchema.safeParse({
    status: p.Status ?? '<ALL>',
    search: p.SearchValue ?? p.IncidentNo,
    assignedTo: p.assignedTo,
    isVip: p.IsVIP,
    departmentId: p.DepartmentID ?? p.TSMDepartmentID,
    boardId: p.BoardID,
    priorityId: p.PriorityID ?? p.RequestPriority ?? p.PriorityLevel,
    siteId: p.ClientSiteID,
    isRequestScheduled: p.IsRequestScheduled,
    openDateFrom: p.OpenDateStart,
    openDateTo: p.OpenDateStop,
    requestedStartFrom: p.RequestedStartDate,
    requestedStartTo: p.RequestedStopDate,
    sort: paging.sort && (TICKET_SORT_KEYS as readonly string[]).includes(paging.sort) ? paging.sort : 'id',
    direction: paging.direction ?? 'desc',
  });
  if (!q.success) {
    const issue = q.error.issues[0]!;
    const name = `values.${issue.path.map(String).join('.')}`;
    throw badRequest({ [name]: issue.message });
  }
  const filter = listFilterFor(ctx.scope, ticketType, q.data);
  const contactId = about.contactId ?? p.CustomerContactID ?? p.ContactID;
  if (contactId !== undefined) {
    if (filter.contactId !== undefined && filter.contactId !== contactId) return { rows: [], total: 0 };
    filter.contactId = contactId;
  }
  const deviceId = about.deviceId ?? p.DeviceID;
  if (deviceId !== undefined) filter.deviceId = deviceId;
  const [records, total] = await Promise.all([
    selectTicketPage(ctx.db, filter, { sort: q.data.sort, direction: q.data.direction }, { limit: paging.pageSize, offset: paging.offset }),
    countTickets(ctx.db, filter, TICKET_EXACT_COUNT_LIMIT),
  ]);
  return { rows: records.map((r) => ticketRecord(presentServiceRequestRow(ctx.scope, r))), total };
}

const ticketList = (ticketType: TicketType, opts: { export?: boolean; about?: 'contact' | 'device' } = {}) =>
  multiple({
    params: opts.about === 'contact' ? zTicketParams.extend({ ContactID: zId }) : opts.about === 'device' ? zTicketParams.extend({ DeviceID: zId }) : zTicketParams,
    fields: TICKET_FIELDS,
    sorts: TICKET_SORTS,
    // requirements §9: ticket exports come in pages of 400.
    defaultPageSize: opts.export ? 400 : 10,
    maxPageSize: opts.export ? 400 : 100,
    list: (ctx, p, paging) =>
      ticketPage(ctx, ticketType, p, paging, opts.about === 'contact' ? { contactId: p.ContactID } : opts.about === 'device' ? { deviceId: p.DeviceID } : {}),
  });

const ticketById = (ticketType: TicketType, param: 'IncidentID' | 'ServiceRequestID') =>
  single({
    params: z.object({ [param]: zId }) as z.ZodObject<Record<typeof param, typeof zId>>,
    fields: [...TICKET_FIELDS, 'DeviceID', 'DeviceName', 'SiteName', 'DepartmentName', 'ClosedDate', 'IsShared'],
    get: async (ctx, p) => {
      const t = await readTicket(ctx.db, ctx.scope, p[param]);
      if (t.ticketType !== ticketType) throw notFound('Ticket not found');
      return {
        IncidentID: t.id,
        IncidentNo: t.ticketNo,
        IncidentType: t.ticketType,
        Status: t.status,
        AssignedToName: t.assignedToName,
        ShortDescription: t.shortDescription,
        Description: t.description,
        IncidentPriority: t.priorityName,
        PriorityID: t.priorityId,
        Severity: t.severityName,
        SeverityShort: t.severityShort,
        OpenDate: t.openDate,
        IncidentClass: t.className,
        IncidentSubClass: t.subclassName,
        TargetName: t.targetName,
        TargetContactID: t.targetContactId,
        ContactID: t.contactId,
        ContactName: t.contactName,
        IsVIP: t.isVip,
        AssignedUserID: t.assignedStaffId,
        AssignedToContactID: t.assignedContactId,
        ReAssignmentTemplateID: t.reassignmentTemplateId,
        RequestedStartDate: t.requestedStartDate,
        RequestedEndDate: t.requestedEndDate,
        DeviceID: t.deviceId,
        DeviceName: t.deviceName,
        SiteName: t.siteName,
        DepartmentName: t.departmentName,
        ClosedDate: t.closedDate,
        IsShared: t.isShared,
      };
    },
  });

const ACTION_FIELDS = ['Action ID', 'Incident ID', 'Start Date', 'User Name', 'Display Name', 'Staff Name', 'Action Desc', 'Status', 'Is Internal'] as const;
const actionRecord = (a: { id: number; ticketId: number; startDate: string; userName: string; displayName: string | null; staffName: string; note: string; status: string | null; isInternal: boolean }): Attrs => ({
  'Action ID': a.id,
  'Incident ID': a.ticketId,
  'Start Date': a.startDate,
  'User Name': a.userName,
  'Display Name': a.displayName,
  'Staff Name': a.staffName,
  // requirements §3: the HTML is shown as plain text.
  'Action Desc': a.note,
  Status: a.status,
  'Is Internal': a.isInternal,
});

/** A lookup list of the ticket dialogs: all of it in one page (they are short). */
const lookup = <P extends z.ZodType>(params: P, fields: readonly string[], rowsOf: (l: Awaited<ReturnType<typeof getTicketLookups>>, p: z.output<P>) => Attrs[]) =>
  multiple({
    params,
    fields,
    defaultPageSize: 1000,
    maxPageSize: 1000,
    list: async (ctx, p, paging) => {
      const all = rowsOf(await getTicketLookups(ctx.db, ctx.scope), p);
      return { rows: all.slice(paging.offset, paging.offset + paging.pageSize), total: all.length };
    },
  });

const member = (prefix: string, m: { name: string; email: string; officePhone: string | null; mobilePhone: string | null } | null | undefined): Attrs => ({
  [`${prefix}FullName`]: m?.name ?? null,
  [`${prefix}MobilePhone`]: m?.mobilePhone ?? null,
  [`${prefix}OfficePhone`]: m?.officePhone ?? null,
  [`${prefix}Email`]: m?.email ?? null,
});

export const ticketResources: Record<string, BridgedResource> = {
  'All Incidents Filtered': ticketList('Incident'),
  AllIncidentsExport: ticketList('Incident', { export: true }),
  'Service Requests Simplified': ticketList('ServiceRequest'),
  'Service Requests by ContactID': ticketList('ServiceRequest', { about: 'contact' }),
  'Service Requests by DeviceID': ticketList('ServiceRequest', { about: 'device' }),
  AllServiceRequestsExport: ticketList('ServiceRequest', { export: true }),
  'Incident by ID': ticketById('Incident', 'IncidentID'),
  'Service Request by ID': ticketById('ServiceRequest', 'ServiceRequestID'),

  'Actions by Incident ID': multiple({
    params: z.object({ IncidentID: zId, UserType: zText.optional(), IsSharedOperator: zFlag.optional() }),
    fields: ACTION_FIELDS,
    sorts: { ActionID: 'id' },
    defaultPageSize: 5,
    list: async (ctx, p, paging) => {
      const page = await listTicketActions(ctx.db, ctx.scope, p.IncidentID, { page: paging.page, pageSize: paging.pageSize, direction: paging.direction ?? 'desc' });
      return { rows: page.rows.map(actionRecord), total: page.total };
    },
  }),
  'Actions by Incident ID Export': multiple({
    params: z.object({ IncidentID: zId }),
    fields: ACTION_FIELDS,
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const rows: Attrs[] = [];
      for await (const a of (await exportTicketActions(ctx.db, ctx.scope, p.IncidentID)).rows) rows.push(actionRecord(a));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize), total: rows.length };
    },
  }),

  'Get Filters': multiple({
    params: z.object({ SearchType: ZTicketFilterSearchTypeSchema, GetTotal: zFlag.optional() }),
    fields: ['id', 'SearchName', 'IsPublic', 'OwnerName', 'UserId', 'UpdatedDate', 'UpdatedBy', 'partitionKey', 'SearchCriteria'],
    sorts: { SearchName: 'searchName' },
    list: async (ctx, p, paging) => {
      const { rows, total } = await selectVisibleFilters(ctx.db, ctx.scope.cid, p.SearchType, ctx.scope.webUserId, paging.direction ?? 'asc', {
        limit: paging.pageSize,
        offset: paging.offset,
      });
      return {
        rows: rows.map((f) => ({
          id: f.id,
          SearchName: f.searchName,
          IsPublic: f.isPublic,
          OwnerName: f.ownerName,
          UserId: f.ownerWebUserId,
          UpdatedDate: f.updatedDate,
          UpdatedBy: f.updatedBy,
          partitionKey: f.searchType,
          SearchCriteria: JSON.stringify(f.criteria ?? {}),
        })),
        total,
      };
    },
  }),

  TicketSeverity: lookup(z.object({}), ['SeverityShort', 'Severity Name'], (l) => l.severities.map((s) => ({ SeverityShort: s.short, 'Severity Name': s.name }))),
  TicketPriority: lookup(z.object({}), ['Priority ID', 'Priority Name', 'Priority Level'], (l) =>
    l.priorities.map((p) => ({ 'Priority ID': p.id, 'Priority Name': p.name, 'Priority Level': p.level })),
  ),
  TicketClass: lookup(z.object({}), ['Class ID', 'Name'], (l) => l.classes.map((c) => ({ 'Class ID': c.id, Name: c.name }))),
  TicketSubClass: lookup(z.object({ ClassID: zId.optional() }), ['SubClass ID', 'Class ID', 'Name'], (l, p) =>
    l.subclasses.filter((s) => p.ClassID === undefined || s.classId === p.ClassID).map((s) => ({ 'SubClass ID': s.id, 'Class ID': s.classId, Name: s.name })),
  ),
  TicketAssignee: lookup(z.object({}), ['Assignee ID', 'Assignee DisplayName', 'Assignee Kind'], (l) =>
    l.assignees.map((a) => ({ 'Assignee ID': a.key, 'Assignee DisplayName': a.displayName, 'Assignee Kind': a.kind })),
  ),
  TicketDepartments: lookup(z.object({}), ['Department ID', 'Department Name', 'DepID BoardID Type'], (l) =>
    l.departments.map((d) => ({ 'Department ID': d.id, 'Department Name': d.name, 'DepID BoardID Type': d.key })),
  ),
  TicketSites: lookup(z.object({}), ['ClientSiteID', 'Site Name'], (l) => l.sites.map((s) => ({ ClientSiteID: s.id, 'Site Name': s.name }))),

  GlobalSearch: multiple({
    // currentCid is the original's; the customer comes from the caller's scope.
    params: z.object({ SearchValue: ZSearchQuerySchema.shape.q, currentCid: zText.optional() }),
    fields: ['SearchType', 'InternalID', 'DateField', 'StringField', 'Status', 'OrganizationName', 'LastName', 'FirstName', 'DeviceName', 'Department'],
    defaultPageSize: 100,
    list: async (ctx, p, paging) => {
      const res = await globalSearch(ctx.db, ctx.scope, { q: p.SearchValue });
      const all = res.groups.flatMap((g) =>
        g.records.map((r) => ({
          SearchType: g.searchType,
          InternalID: r.internalId,
          DateField: r.dateField,
          StringField: r.stringField,
          Status: r.status,
          OrganizationName: r.organizationName,
          LastName: r.lastName,
          FirstName: r.firstName,
          DeviceName: r.deviceName,
          Department: r.department,
        })),
      );
      return { rows: all.slice(paging.offset, paging.offset + paging.pageSize), total: all.length };
    },
  }),

  DPTeam: single({
    params: z.object({}),
    fields: ['CustSvcRepFullName', 'CustSvcRepMobilePhone', 'CustSvcRepOfficePhone', 'CustSvcRepEmail', 'ITConsultantFullName', 'ITConsultantMobilePhone', 'ITConsultantOfficePhone', 'ITConsultantEmail', 'TechMgrFullName', 'TechMgrMobilePhone', 'TechMgrOfficePhone', 'TechMgrEmail'],
    get: async (ctx) => {
      const team = await accountTeamFor(ctx.db, ctx.scope);
      return { ...member('CustSvcRep', team?.accountManager), ...member('ITConsultant', team?.itConsultant), ...member('TechMgr', team?.techManager) };
    },
  }),
};
