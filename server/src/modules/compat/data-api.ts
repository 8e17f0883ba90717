import { DATA_API_TYPES, ZContactListRequestSchema, ZDeviceListRequestSchema, ZJobListRequestSchema, ZProductListRequestSchema, ZTimeEntryListRequestSchema, type DataApiQuery, type DataApiType, type Page } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { pageEnvelope } from '../../http/paging.ts';
import { getContact, listContacts } from '../contacts/service.ts';
import { getDevice, listDevices } from '../devices/service.ts';
import { getJob, listJobs, listProducts, listTimeEntries } from '../jobs/service.ts';
import { listTicketActions } from '../ticket-detail/actions.service.ts';
import { contactRecord, deviceRecord, DEVICE_FIELDS, listRequest } from './bridged-contacts.ts';
import { textRecord, type Attrs, type BridgedContext, type BridgedPaging } from './bridged-core.ts';
import { JOB_FIELDS, jobRecord, PRODUCT_FIELDS, productRecord, TIME_FIELDS, timeRecord } from './bridged-jobs.ts';
import { BRIDGED_RESOURCES } from './bridged-registry.ts';
import { TICKET_FIELDS, ticketPage } from './bridged-tickets.ts';

// The Data API (requirements §16.5): GET /api/data/{cmstype} for the seven types of the original, each over the
// service of its module with the caller's scope (session or API key). Records carry the bridged resources'
// attribute names; the envelope is the one list contract's page.

const CONTACT_FIELDS = ['Contact ID', 'CID', 'First Name', 'Middle Initial', 'Last Name', 'Display Name', 'Organization Name', 'Email Address', 'Direct Phone', 'Mobile Phone', 'Title', 'Is VIP', 'Is Pending', 'Is Active'];
const ACTION_FIELDS = ['Action ID', 'Incident ID', 'Start Date', 'User Name', 'Display Name', 'Staff Name', 'Action Desc', 'Status', 'Is Internal'];

const required = (name: 'jobId' | 'incidentId', type: DataApiType): never => {
  throw badRequest({ [name]: `required for ${type}` });
};

type Fetched = { fields: readonly string[]; rows: Attrs[]; total: number };

/** One record of the type by `id` through its bridged resource (the same lookup and refusals). */
async function byId(ctx: BridgedContext, resource: string, values: Record<string, string>, fields?: readonly string[]): Promise<Fetched> {
  const res = BRIDGED_RESOURCES[resource]!;
  if (res.kind !== 'single') throw new Error(`${resource} is not a single-record resource`);
  const attrs = await res.get(ctx, res.params.parse(values));
  return { fields: fields ?? res.fields, rows: [attrs], total: 1 };
}

async function fetchType(ctx: BridgedContext, type: DataApiType, q: DataApiQuery, paging: BridgedPaging): Promise<Fetched> {
  const { db, scope } = ctx;
  const id = q.id !== undefined ? String(q.id) : undefined;
  switch (type) {
    case 'contact': {
      if (id) return { fields: CONTACT_FIELDS, rows: [contactRecord(await getContact(db, scope, q.id!))], total: 1 };
      const page = await listContacts(db, scope, listRequest(ZContactListRequestSchema, { ...paging, sort: 'id' }, {}));
      return { fields: CONTACT_FIELDS, rows: page.rows.map(contactRecord), total: page.total };
    }
    case 'device': {
      if (id) return { fields: DEVICE_FIELDS, rows: [deviceRecord(await getDevice(db, scope, q.id!))], total: 1 };
      const page = await listDevices(db, scope, listRequest(ZDeviceListRequestSchema, { ...paging, sort: 'deviceName', direction: 'asc' }, {}));
      return { fields: DEVICE_FIELDS, rows: page.rows.map(deviceRecord), total: page.total };
    }
    case 'job': {
      if (id) return { fields: JOB_FIELDS, rows: [jobRecord(await getJob(db, scope, q.id!))], total: 1 };
      const page = await listJobs(db, scope, listRequest(ZJobListRequestSchema, { ...paging, sort: 'id' }, { includeInactive: true }));
      return { fields: JOB_FIELDS, rows: page.rows.map(jobRecord), total: page.total };
    }
    case 'incident': {
      if (id) return byId(ctx, 'Incident by ID', { IncidentID: id }, TICKET_FIELDS);
      const page = await ticketPage(ctx, 'Incident', {}, { ...paging, sort: 'id' });
      return { fields: TICKET_FIELDS, ...page };
    }
    case 'product': {
      if (q.jobId === undefined) return required('jobId', type);
      const page = await listProducts(db, scope, q.jobId, listRequest(ZProductListRequestSchema, { ...paging, sort: 'id' }, {}));
      const rows = page.rows.filter((r) => q.id === undefined || r.id === q.id);
      return { fields: PRODUCT_FIELDS, rows: rows.map(productRecord), total: q.id === undefined ? page.total : rows.length };
    }
    case 'jobreport': {
      if (q.jobId === undefined) return required('jobId', type);
      const page = await listTimeEntries(db, scope, q.jobId, listRequest(ZTimeEntryListRequestSchema, { ...paging, sort: 'id' }, {}));
      const rows = page.rows.filter((r) => q.id === undefined || r.id === q.id);
      return { fields: TIME_FIELDS, rows: rows.map(timeRecord), total: q.id === undefined ? page.total : rows.length };
    }
    case 'action': {
      if (q.incidentId === undefined) return required('incidentId', type);
      const page = await listTicketActions(db, scope, q.incidentId, { page: paging.page, pageSize: paging.pageSize, direction: paging.direction ?? 'desc' });
      const rows = page.rows.filter((r) => q.id === undefined || r.id === q.id);
      return {
        fields: ACTION_FIELDS,
        rows: rows.map((a) => ({
          'Action ID': a.id,
          'Incident ID': a.ticketId,
          'Start Date': a.startDate,
          'User Name': a.userName,
          'Display Name': a.displayName,
          'Staff Name': a.staffName,
          'Action Desc': a.note,
          Status: a.status,
          'Is Internal': a.isInternal,
        })),
        total: q.id === undefined ? page.total : rows.length,
      };
    }
  }
}

/** GET /api/data/{cmstype}: a page of records (with `id`: that record, or 404/403 as its REST route answers). */
export async function dataApi(db: Db, config: Config, scope: Scope, type: DataApiType, q: DataApiQuery): Promise<Page<Record<string, string | null>>> {
  if (!DATA_API_TYPES.includes(type)) throw new AppError('NOT_FOUND', 'Unknown type');
  const paging: BridgedPaging = { page: q.page, pageSize: q.pageSize, offset: (q.page - 1) * q.pageSize, sort: q.sort, direction: q.direction };
  const { fields, rows, total } = await fetchType({ db, config, scope }, type, q, paging);
  const effective = q.id !== undefined ? { page: 1, pageSize: q.pageSize } : q;
  return pageEnvelope(effective, rows.map((r) => textRecord(fields, r)), total);
}
