import { z } from 'zod';
import {
  ZContactExportRequestSchema,
  ZContactListRequestSchema,
  ZDeviceListRequestSchema,
  ZInvitationListRequestSchema,
  ZInviteListRequestSchema,
  type ContactRow,
  type Device,
} from '@sc/common';
import { badRequest, forbidden } from '../../http/errors.ts';
import { contactsForExport, getContact, listContacts } from '../contacts/service.ts';
import { getDevice, listDevices } from '../devices/service.ts';
import { listCandidates, listInvitations } from '../invitations/service.ts';
import { multiple, single, type Attrs, type BridgedPaging, type BridgedResource } from './bridged-core.ts';
import { zFlag, zId, zText } from './bridged-params.ts';

// Contacts, devices and invitations (portal-contacts-jobs-and-public.md §7) over the contacts, devices and
// invitations services: the same scope and refusals as /api/v1/contacts, /devices and /invitations.

/** A REST list request from the bridged paging and the resource's own values; a refused value is a 400 naming it. */
export function listRequest<S extends z.ZodType>(schema: S, paging: BridgedPaging, values: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse({
    page: paging.page,
    pageSize: paging.pageSize,
    ...(paging.sort ? { sort: paging.sort } : {}),
    ...(paging.direction ? { direction: paging.direction } : {}),
    ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.map(String).join('.') || 'values';
    throw badRequest({ [name]: issue.message });
  }
  return parsed.data;
}

const CONTACT_SORTS = { ContactID: 'id', FirstName: 'firstName', LastName: 'lastName', EmailAddress: 'email', DirectPhone: 'directPhone', MobilePhone: 'mobilePhone', Title: 'title' };
const CONTACT_FIELDS = [
  'Contact ID',
  'CID',
  'First Name',
  'Middle Initial',
  'Last Name',
  'Display Name',
  'Organization Name',
  'Email Address',
  'Direct Phone',
  'Mobile Phone',
  'Title',
  'Is VIP',
  'Is Pending',
  'Is Active',
] as const;

const displayName = (r: { firstName: string; middleInitial: string | null; lastName: string }) =>
  [r.firstName, r.middleInitial ? `${r.middleInitial}.` : null, r.lastName].filter(Boolean).join(' ');

export const contactRecord = (c: Omit<ContactRow, 'displayName'> & { displayName?: string }): Attrs => ({
  'Contact ID': c.id,
  CID: c.cid,
  'First Name': c.firstName,
  'Middle Initial': c.middleInitial,
  'Last Name': c.lastName,
  'Display Name': c.displayName ?? displayName(c),
  'Organization Name': c.organizationName,
  'Email Address': c.email,
  'Direct Phone': c.directPhone,
  'Mobile Phone': c.mobilePhone,
  Title: c.title,
  'Is VIP': c.isVip,
  'Is Pending': c.isPending,
  'Is Active': c.isActive,
});

const zContactFilters = z.object({ SearchValue: zText.optional(), IsPending: zFlag.optional(), IncludeInactive: zFlag.optional(), SubClientContact: zText.optional() });

export const DEVICE_FIELDS = ['Device ID', 'Kaseya Machine Group ID', 'NCentral Device ID', 'Device Name', 'Device Type', 'Description', 'ContactID', 'Contact Name', 'Site Name', 'Serial Number', 'Operating System', 'Warranty End'] as const;
export const deviceRecord = (d: Device): Attrs => ({
  'Device ID': d.id,
  'Kaseya Machine Group ID': d.kaseyaMachineGroupId,
  'NCentral Device ID': d.ncentralDeviceId,
  'Device Name': d.deviceName,
  'Device Type': d.deviceType,
  Description: d.description,
  ContactID: d.contactId,
  'Contact Name': d.contactName,
  'Site Name': d.siteName,
  'Serial Number': d.serialNumber,
  'Operating System': d.operatingSystem,
  'Warranty End': d.warrantyEnd,
});

const devices = (byContact: boolean) =>
  multiple({
    params: z.object({ ContactID: byContact ? zId : zId.optional(), DeviceName: zText.optional() }),
    fields: DEVICE_FIELDS,
    sorts: { DeviceName: 'deviceName' },
    defaultPageSize: 50,
    list: async (ctx, p, paging) => {
      const page = await listDevices(ctx.db, ctx.scope, listRequest(ZDeviceListRequestSchema, paging, { search: p.DeviceName, contactId: p.ContactID }));
      return { rows: page.rows.map(deviceRecord), total: page.total };
    },
  });

export const contactResources: Record<string, BridgedResource> = {
  'All Contacts': multiple({
    params: zContactFilters,
    fields: CONTACT_FIELDS,
    sorts: CONTACT_SORTS,
    defaultPageSize: 20,
    list: async (ctx, p, paging) => {
      const page = await listContacts(ctx.db, ctx.scope, listRequest(ZContactListRequestSchema, paging, { search: p.SearchValue, isPending: p.IsPending, includeInactive: p.IncludeInactive }));
      return { rows: page.rows.map(contactRecord), total: page.total };
    },
  }),
  AllContactsExport: multiple({
    params: zContactFilters,
    fields: CONTACT_FIELDS,
    sorts: CONTACT_SORTS,
    // requirements §9: exports are page 1 of 2000.
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const rows = await contactsForExport(
        ctx.db,
        ctx.scope,
        listRequest(ZContactExportRequestSchema, { ...paging, page: 1, pageSize: 1 }, { search: p.SearchValue, isPending: p.IsPending, includeInactive: p.IncludeInactive }),
      );
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize).map(contactRecord), total: rows.length };
    },
  }),
  'Contact by ID': single({
    params: z.object({ ContactID: zId }),
    fields: [...CONTACT_FIELDS, 'Site Name', 'Department Name', 'PrimaryContactID', 'Is Primary', 'Time Zone', 'CCWebUserID', 'User Type'],
    get: async (ctx, p) => {
      const c = await getContact(ctx.db, ctx.scope, p.ContactID);
      return {
        ...contactRecord(c),
        'Site Name': c.siteName,
        'Department Name': c.departmentName,
        PrimaryContactID: c.primaryContactId,
        'Is Primary': c.isPrimary,
        'Time Zone': c.timeZone,
        CCWebUserID: c.access?.webUserId ?? null,
        'User Type': c.access?.userType ?? null,
      };
    },
  }),
  /**
   * requirements §16.3 'Contact Profile by ID': the profile the shell loads for the signed-in user (its own
   * contact or its primary contact). An Administrator may read any contact of its customer; anyone else only those two.
   */
  'Contact Profile by ID': single({
    params: z.object({ ContactID: zId }),
    fields: ['ContactID', 'PrimaryContactID', 'CID', 'First Name', 'Last Name', 'Middle Initial', 'Email Address', 'User Type', 'Organization Name', 'Department', 'Site', 'Time Zone'],
    get: async (ctx, p) => {
      const u = ctx.scope.user;
      if (p.ContactID === u.contactId || p.ContactID === u.primaryContactId) {
        return {
          ContactID: u.contactId,
          PrimaryContactID: u.primaryContactId,
          CID: u.cid,
          'First Name': u.firstName,
          'Last Name': u.lastName,
          'Middle Initial': u.middleInitial,
          'Email Address': u.userName,
          'User Type': u.userType,
          'Organization Name': u.organizationName,
          Department: u.department,
          Site: u.site,
          'Time Zone': u.timeZone,
        };
      }
      if (ctx.scope.userType !== 'Administrator') throw forbidden();
      const c = await getContact(ctx.db, ctx.scope, p.ContactID);
      return {
        ContactID: c.id,
        PrimaryContactID: c.primaryContactId,
        CID: c.cid,
        'First Name': c.firstName,
        'Last Name': c.lastName,
        'Middle Initial': c.middleInitial,
        'Email Address': c.email,
        'User Type': c.access?.userType ?? null,
        'Organization Name': c.organizationName,
        Department: c.departmentName,
        Site: c.siteName,
        'Time Zone': c.timeZone,
      };
    },
  }),

  'All Devices': devices(false),
  'Devices by ContactID': devices(true),
  'Device by ID': single({
    params: z.object({ DeviceID: zId }),
    fields: DEVICE_FIELDS,
    get: async (ctx, p) => deviceRecord(await getDevice(ctx.db, ctx.scope, p.DeviceID)),
  }),

  Contacts2Invite: multiple({
    params: z.object({ SearchValue: zText.optional(), IncludeInactive: zFlag.optional(), OrderBy: zText.optional() }),
    fields: ['ContactID', 'PrimaryContactID', 'First Name', 'Last Name', 'Email Address', 'User Type', 'Is Invited CMS', 'Is Active CMS', 'IsHDSharedOperator', 'IsEmailVerified', 'CCWebInvitationID'],
    sorts: { LastName: 'lastName' },
    list: async (ctx, p, paging) => {
      const page = await listCandidates(ctx.db, ctx.scope, listRequest(ZInviteListRequestSchema, paging, { search: p.SearchValue }));
      return {
        rows: page.rows.map((c) => ({
          ContactID: c.contactId,
          PrimaryContactID: c.primaryContactId,
          'First Name': c.firstName,
          'Last Name': c.lastName,
          'Email Address': c.email,
          'User Type': c.userType,
          'Is Invited CMS': c.isInvited,
          'Is Active CMS': c.isActive,
          IsHDSharedOperator: c.isHdSharedOperator,
          IsEmailVerified: c.isEmailVerified,
          CCWebInvitationID: c.invitationId,
        })),
        total: page.total,
      };
    },
  }),
  'All Invited Contacts': multiple({
    params: z.object({ SearchValue: zText.optional(), SubClientContact: zText.optional(), excludeCMSUser: zFlag.optional() }),
    fields: ['CCWebInvitationID', 'ContactID', 'First Name', 'Last Name', 'Email Address', 'User Type', 'RunID', 'Sent Date'],
    sorts: { CCWebInvitationID: 'id' },
    list: async (ctx, p, paging) => {
      const page = await listInvitations(ctx.db, ctx.scope, listRequest(ZInvitationListRequestSchema, paging, { search: p.SearchValue }));
      return {
        rows: page.rows.map((i) => ({
          CCWebInvitationID: i.id,
          ContactID: i.contactId,
          'First Name': i.firstName,
          'Last Name': i.lastName,
          'Email Address': i.email,
          'User Type': i.userType,
          RunID: i.runId,
          'Sent Date': i.sentAt,
        })),
        total: page.total,
      };
    },
  }),
};
