import { boardIdForDepartment, TICKET_MESSAGES, zIdDigits, type CreateTicketRequest, type NewTicketDraft, type TicketDetail } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { readTicket } from './read-ticket.ts';
import { checkRequestedDates, fullName, loadReferences, resolveClassification, toDate } from './references.ts';
import * as q from './ticket.queries.ts';
import { MAIL_ACTION_LIMITS, requireWithinLimits } from '../../auth/rate-limit.ts';

type CreateMode = 'contact' | 'device' | 'primaryContact';

/**
 * requirements §3.3: a User creates tickets only for its own contact ("on the new incident route, a User whose
 * ContactID differs from the id in the path gets the same message"), nor for another contact's device.
 */
function assertUserMayCreateFor(scope: Scope, contactId: number, device: q.DeviceRef | undefined) {
  if (scope.userType !== 'User') return;
  const foreignDevice = device?.contactId != null && device.contactId !== scope.contactId;
  if (contactId !== scope.contactId || foreignDevice) throw forbidden(TICKET_MESSAGES.notAuthorizedToViewOrEdit);
}

/** The contact of a new ticket: the primary-contact shortcut, the one given, the device's, else the caller's own. */
function contactIdFor(scope: Scope, mode: CreateMode, given: number | undefined, device: q.DeviceRef | undefined): number {
  if (mode === 'primaryContact') return scope.user.primaryContactId;
  return given ?? (mode === 'device' ? device?.contactId : undefined) ?? scope.contactId;
}

/**
 * The prefilled form of the add routes (requirements §3.1, §3.3): /incident/add/{id}?type=contact|device&devicetype=…
 * and /servicerequest/add/{id}?type=contact|primaryContact|device. Refused as creating would be.
 */
export async function newTicketDraft(
  db: Db,
  scope: Scope,
  query: { type: CreateMode; id?: string | undefined; devicetype: 'device' | 'kaseya' | 'ncentral' },
): Promise<NewTicketDraft> {
  const numericId = (): number | undefined => {
    if (!query.id) return undefined;
    const id = zIdDigits('Expected a number').safeParse(query.id);
    if (!id.success) throw badRequest({ id: 'Expected a number' });
    return id.data;
  };
  let device: q.DeviceRef | undefined;
  let contactId: number | undefined;
  if (query.type === 'device') {
    if (!query.id) throw badRequest({ id: 'Device is required' });
    if (query.devicetype === 'device') {
      device = (await loadReferences(db, scope, { deviceId: numericId() })).device;
    } else {
      device = await q.findDeviceByExternalId(db, scope, query.devicetype, query.id);
      if (!device) throw notFound('Device not found');
    }
  } else if (query.type === 'contact') {
    contactId = numericId();
  }
  const resolved = contactIdFor(scope, query.type, contactId, device);
  const { contact } = await loadReferences(db, scope, { contactId: resolved });
  if (!contact) throw notFound('Contact not found');
  assertUserMayCreateFor(scope, contact.id, device);
  const siteId = device?.siteId ?? contact.siteId;
  const site = siteId ? await q.findSite(db, siteId) : undefined;
  const department = contact.departmentId ? await q.findDepartment(db, contact.departmentId) : undefined;
  return {
    contactId: contact.id,
    contactName: fullName(contact),
    deviceId: device?.id ?? null,
    deviceName: device?.deviceName ?? null,
    siteId: site?.id ?? null,
    siteName: site?.name ?? null,
    departmentId: department?.id ?? null,
    departmentName: department?.name ?? null,
    isVip: contact.isVip,
  };
}

/**
 * Creates an incident or a service request in the caller's customer: status Open, opened now,
 * numbered INC-/SR- from its id, target = the contact. Site and department default to the
 * device's or contact's. A User's assignee and VIP flag are not taken from the input.
 */
export async function createTicket(
  db: Db,
  scope: Scope,
  mode: CreateMode,
  input: CreateTicketRequest,
  meta: { ip: string | null; config?: Pick<Config, 'actionLimitScale'> },
): Promise<TicketDetail> {
  if (mode === 'device' && input.deviceId == null) throw badRequest({ deviceId: 'Device is required' });
  // A new ticket may e-mail its contact (requirements §19.5); a form submission's ticket counts as the submission.
  if (meta.config) await requireWithinLimits(db, meta.config, [{ key: `mail:ticket:acct:${scope.webUserId}`, ...MAIL_ACTION_LIMITS.ticketsPerAccount }]);
  const { device } = await loadReferences(db, scope, { deviceId: input.deviceId });
  const { contact } = await loadReferences(db, scope, { contactId: contactIdFor(scope, mode, input.contactId, device) });
  if (!contact) throw badRequest({ contactId: 'Contact not found' });
  assertUserMayCreateFor(scope, contact.id, device);

  const isUser = scope.userType === 'User';
  const siteId = input.siteId !== undefined ? input.siteId : (device?.siteId ?? contact.siteId);
  const departmentId = input.departmentId !== undefined ? input.departmentId : contact.departmentId;
  const refs = await loadReferences(db, scope, {
    siteId,
    departmentId,
    priorityId: input.priorityId,
    severityShort: input.severityShort,
    classId: input.classId,
    subclassId: input.subclassId,
    assignedStaffId: isUser ? undefined : input.assignedStaffId,
    assignedContactId: isUser ? undefined : input.assignedContactId,
  });
  const { classId, subclassId } = resolveClassification(input, { classId: null, subclassId: null }, refs.subclass, null);
  const start = toDate(input.requestedStartDate) ?? null;
  const end = toDate(input.requestedEndDate) ?? null;
  checkRequestedDates(input.ticketType, start, end);

  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await q.insertTicket(t, scope, {
      ticketType: input.ticketType,
      status: 'Open',
      shortDescription: input.shortDescription,
      description: input.description ?? null,
      contactId: contact.id,
      targetName: fullName(contact),
      targetContactId: contact.id,
      deviceId: device?.id ?? null,
      siteId: siteId ?? null,
      departmentId: departmentId ?? null,
      boardId: refs.department ? boardIdForDepartment(refs.department) : null,
      priorityId: input.priorityId ?? null,
      severityShort: input.severityShort ?? null,
      classId,
      subclassId,
      assignedStaffId: refs.staff?.id ?? null,
      assignedContactId: refs.assigneeContact?.id ?? null,
      assignedToName: refs.staff ? fullName(refs.staff) : refs.assigneeContact ? fullName(refs.assigneeContact) : null,
      isVip: isUser ? contact.isVip : (input.isVip ?? contact.isVip),
      isRequestScheduled: start !== null,
      requestedStartDate: start,
      requestedEndDate: end,
      openDate: new Date(),
    });
    await q.insertTicketAudit(t, scope, {
      action: 'ticket.create',
      ticketId: row.id,
      details: { ticketNo: row.ticketNo, ticketType: row.ticketType, status: row.status },
      ip: meta.ip,
    });
    return row.id;
  });
  return readTicket(db, scope, id);
}
