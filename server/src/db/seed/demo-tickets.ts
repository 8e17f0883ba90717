import type { Db } from '../client.ts';
import { SURVEY_INVITATION_DAYS, type TicketType } from '@sc/common';
import { devices, surveyInvitations, surveys, ticketActions, tickets, TICKET_STATUSES, type TicketStatus } from '../schema/index.ts';
import type { DemoContext, DemoOrg } from './demo.ts';
import type { Contact, Staff } from './identity-factories.ts';
import { REFERENCE_DATE, insertMany, reserveIds } from './random.ts';
import {
  buildDevice,
  ensureTicketLookups,
  noteHtml,
  subjectFor,
  ticketNumber,
  type Device,
  type NewTicket,
  type NewTicketAction,
} from './ticket-factories.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Tickets per organisation: provider first, then Acme, Globex, Initech. */
const TICKETS_PER_ORG = [20, 260, 230, 220];
const DETAILS = [
  'It started this morning and affects my whole team.',
  'This has happened several times this week.',
  'Please call me on my mobile if you need more information.',
  'Not urgent, but needed before the end of the month.',
  'The error message says "access denied".',
  'I already tried restarting, it did not help.',
  'My manager has approved this request.',
] as const;
const DISPOSITIONS = ['Resolved', 'Resolved', 'Resolved', 'Workaround Provided', 'Duplicate', 'No Response From User'] as const;
const SURVEY_COMMENTS = ['Quick and friendly.', 'Fixed on the first call, thanks!', 'Took longer than expected.', 'Great service as always.'] as const;
const fullName = (p: { firstName: string; lastName: string }): string => `${p.firstName} ${p.lastName}`;

const dayOf = (d: Date | number): number => Math.floor(new Date(d).getTime() / DAY) * DAY;
/**
 * A scheduled request's start. Closed work was done 1–14 days after it was opened, at 14:00 UTC. Work
 * still to do is spread over the six weeks from REFERENCE_DATE on (every third day), so the calendar's
 * demo months are full (decision 007); 14:00–20:00 UTC is a working-day morning or afternoon in
 * the demo's US zones. `k` is the same single draw either way, so every later random value is unchanged.
 */
function requestedStartOf(i: number, status: TicketStatus, openDate: Date, k: number): Date {
  if (status === 'Closed') return new Date(dayOf(openDate.getTime() + k * DAY) + 14 * HOUR);
  const day = Math.max(dayOf(openDate) + DAY, dayOf(REFERENCE_DATE) + (3 * k - 3) * DAY);
  return new Date(day + (14 + (i % 7)) * HOUR);
}

type PendingTicket = Omit<NewTicket, 'ticketNo' | 'id'> & { ticketType: TicketType; status: TicketStatus; openDate: Date };

/** Devices, tickets of both types in every status with 1-5 actions each, and surveys. */
export async function seedDemoTickets(db: Db, ctx: DemoContext): Promise<void> {
  const { f } = ctx;
  const lookups = await ensureTicketLookups(db);
  const orgs = [ctx.provider, ...ctx.clients];
  const userAccount = ctx.clients[0]!.accounts.find((a) => a.user.email === 'user@acme.example');
  const technicians = ctx.staff.slice(6).concat(ctx.staff.slice(2, 4));

  // Devices: a third with Kaseya ids, a third with N-central ids, a third with only our Device ID.
  const deviceRows: Device[] = [];
  for (const org of orgs) {
    const count = org.customer.isProvider ? 4 : 18;
    const rows = Array.from({ length: count }, (_, i) =>
      buildDevice(f, {
        cid: org.customer.id,
        rmm: (['kaseya', 'ncentral', 'none'] as const)[i % 3],
        contactId: i % 4 === 3 ? null : f.helpers.arrayElement(org.contacts).id,
        siteId: f.helpers.arrayElement(org.sites).id,
      }),
    );
    if (userAccount && org === ctx.clients[0]) {
      // user@acme.example's own devices, so the User's device views are not empty
      for (const rmm of ['kaseya', 'ncentral', 'none', 'kaseya'] as const) {
        rows.push(buildDevice(f, { cid: org.customer.id, rmm, contactId: userAccount.contact.id, siteId: userAccount.contact.siteId }));
      }
    }
    deviceRows.push(...(await insertMany(db, devices, rows)));
  }

  // admin@, operator@ and limited@acme.example are assigned (as HD shared operators) every third unclosed Acme
  // ticket, so the home page's My Assigned tabs have rows. Chosen by a counter, not faker, to keep the rest as it was.
  const acme = ctx.clients[0]!;
  const acmeAssignees = ['admin@acme.example', 'operator@acme.example', 'limited@acme.example']
    .map((email) => acme.accounts.find((a) => a.user.email === email)?.contact)
    .filter((c): c is Contact => !!c);
  let acmeUnclosed = 0;

  const pending: { t: PendingTicket; org: DemoOrg; contact: Contact; staff: Staff | null }[] = [];
  for (const [o, org] of orgs.entries()) {
    const eligible = org.contacts.filter((c) => c.isActive && !c.isPending);
    const orgDevices = deviceRows.filter((d) => d.cid === org.customer.id);
    const sharedOperators = org.contacts.filter((c) => c.isHdSharedOperator);
    for (let i = 0; i < TICKETS_PER_ORG[o]!; i++) {
      const ticketType: TicketType = i % 2 === 0 ? 'Incident' : 'ServiceRequest';
      // The first eight cover every type × status; the rest follow a realistic mix.
      const status: TicketStatus =
        i < 8 ? TICKET_STATUSES[Math.floor(i / 2) % 4]! : f.helpers.weightedArrayElement([
          { weight: 55, value: 'Closed' as const },
          { weight: 25, value: 'Open' as const },
          { weight: 10, value: 'On Hold' as const },
          { weight: 10, value: 'Escalation' as const },
        ]);
      const contact = userAccount && org === ctx.clients[0] && i % 5 === 0 ? userAccount.contact : f.helpers.arrayElement(eligible);
      const daysBack = status === 'Closed' ? f.number.float({ min: 3, max: 730 }) : f.number.float({ min: 0.1, max: 120 });
      const openDate = new Date(REFERENCE_DATE.getTime() - Math.round(daysBack * DAY));
      const target = f.datatype.boolean(0.15) ? f.helpers.arrayElement(eligible) : contact;
      const sub = f.helpers.arrayElement(lookups.subclasses);
      const onBoard = f.datatype.boolean(0.6);
      const board = f.helpers.arrayElement(ctx.boards);
      const dept = onBoard ? board : f.helpers.arrayElement(org.departments);
      const assignment = f.helpers.weightedArrayElement([
        { weight: status === 'Open' ? 70 : 90, value: 'staff' as const },
        // weights must be positive: without shared operators this choice is (nearly) never made
        { weight: sharedOperators.length ? 5 : 0.0001, value: 'operator' as const },
        { weight: status === 'Open' ? 25 : 5, value: 'none' as const },
      ]);
      let operator = assignment === 'operator' && sharedOperators.length ? f.helpers.arrayElement(sharedOperators) : null;
      let staff = assignment === 'staff' ? f.helpers.arrayElement(technicians) : null;
      const toAccount = org === acme && status !== 'Closed' && acmeAssignees.length > 0 && acmeUnclosed++ % 3 === 0;
      if (toAccount) {
        operator = acmeAssignees[Math.floor(acmeUnclosed / 3) % acmeAssignees.length]!;
        staff = null;
      }
      const ownDevices = orgDevices.filter((d) => d.contactId === contact.id);
      const device = f.datatype.boolean(0.4) ? f.helpers.arrayElement(ownDevices.length ? ownDevices : orgDevices) : null;
      const scheduled = ticketType === 'ServiceRequest' && f.datatype.boolean(0.7);
      const requestedStart = scheduled ? requestedStartOf(i, status, openDate, f.number.int({ min: 1, max: 14 })) : null;
      const requestedEnd = requestedStart && f.datatype.boolean(0.6) ? new Date(requestedStart.getTime() + f.number.int({ min: 1, max: 8 }) * HOUR) : null;
      const closedDate = status === 'Closed' ? new Date(Math.min(openDate.getTime() + f.number.int({ min: 1, max: 240 }) * HOUR, REFERENCE_DATE.getTime())) : null;
      const shortDescription = subjectFor(f, ticketType);
      pending.push({
        org,
        contact,
        staff,
        t: {
          cid: org.customer.id,
          ticketType,
          status,
          shortDescription,
          description: `${shortDescription}. ${f.helpers.arrayElement(DETAILS)}`,
          contactId: contact.id,
          targetName: fullName(target),
          targetContactId: target.id,
          deviceId: device?.id ?? null,
          siteId: contact.siteId,
          departmentId: dept.id,
          boardId: dept.type === 'Client' ? null : dept.boardId,
          priorityId: f.helpers.arrayElement(lookups.priorityIds),
          severityShort: f.helpers.arrayElement(lookups.severityShorts),
          classId: sub.classId,
          subclassId: sub.id,
          assignedStaffId: staff?.id ?? null,
          assignedContactId: operator?.id ?? null,
          assignedToName: staff ? fullName(staff) : operator ? fullName(operator) : null,
          reassignmentTemplateId: toAccount ? null : assignment === 'none' ? -1 : f.datatype.boolean(0.2) ? f.number.int({ min: 101, max: 105 }) : null,
          isVip: contact.isVip,
          isShared: f.datatype.boolean(0.1),
          isRequestScheduled: scheduled,
          requestedStartDate: requestedStart,
          requestedEndDate: requestedEnd,
          openDate,
          closedDate,
          disposition: status === 'Closed' ? f.helpers.arrayElement(DISPOSITIONS) : null,
          createdAt: openDate,
          updatedAt: closedDate ?? openDate,
        },
      });
    }
  }

  // Ids (and so ticket numbers) follow the open date, as they would in a live system.
  pending.sort((a, b) => a.t.openDate.getTime() - b.t.openDate.getTime());
  const ids = await reserveIds(db, 'tickets', pending.length);
  const ticketRows = await insertMany(
    db,
    tickets,
    pending.map((p, i) => ({ ...p.t, id: ids[i]!, ticketNo: ticketNumber(p.t.ticketType, ids[i]!) })),
  );

  const actions: NewTicketAction[] = [];
  const surveyRows: (typeof surveys.$inferInsert)[] = [];
  for (const [i, row] of ticketRows.entries()) {
    const { org, contact, staff } = pending[i]!;
    const account = org.accounts.find((a) => a.contact.id === contact.id);
    const end = (row.closedDate ?? REFERENCE_DATE).getTime();
    const n = f.number.int({ min: 1, max: 5 });
    let at = row.openDate.getTime();
    for (let k = 0; k < n; k++) {
      at = Math.min(at + f.number.int({ min: 10, max: 60 * 48 }) * 60_000, end);
      const byContact = k > 0 && f.datatype.boolean(0.25);
      const author = staff ?? f.helpers.arrayElement(ctx.staff.slice(6));
      actions.push({
        cid: row.cid,
        ticketId: row.id,
        startDate: new Date(at),
        staffId: byContact ? null : author.id,
        webUserId: byContact ? (account?.user.id ?? null) : null,
        userName: byContact ? contact.email! : author.email,
        displayName: byContact ? fullName(contact) : fullName(author),
        actionDesc: byContact ? '<p>Thanks, this is still happening on my machine.</p>' : noteHtml(f),
        actionContactId: byContact ? contact.id : null,
        status: k === n - 1 ? row.status : 'Open',
        isInternal: !byContact && f.datatype.boolean(0.1),
      });
    }
    if (row.status === 'Closed' && row.closedDate && f.datatype.boolean(0.35)) {
      surveyRows.push({
        cid: row.cid,
        ticketId: row.id,
        ticketNo: row.ticketNo,
        submittedByContactId: contact.id,
        submittedByName: fullName(contact),
        dateSubmitted: new Date(row.closedDate.getTime() + f.number.int({ min: 1, max: 72 }) * HOUR),
        source: f.helpers.arrayElement(['Email', 'Portal']),
        // Thumbs up (1) or down (-1); one draw over the five weights, as before, so later values stay put.
        response: f.helpers.weightedArrayElement([
          { weight: 60, value: 1 },
          { weight: 25, value: 1 },
          { weight: 8, value: -1 },
          { weight: 4, value: -1 },
          { weight: 3, value: -1 },
        ]),
        assignedStaffId: row.assignedStaffId,
        assignedTo: row.assignedToName,
        comment: f.datatype.boolean(0.4) ? f.helpers.arrayElement(SURVEY_COMMENTS) : null,
      });
    }
  }
  await insertMany(db, ticketActions, actions);
  // Every closed ticket invited its contact (decision 020); the answered ones are the surveys above.
  const answered = new Map(surveyRows.map((s) => [s.ticketId!, s]));
  const invitations = await insertMany(
    db,
    surveyInvitations,
    ticketRows
      .filter((t) => t.status === 'Closed' && t.closedDate)
      .map((t) => ({
        cid: t.cid,
        ticketId: t.id,
        contactId: t.contactId,
        assignedStaffId: t.assignedStaffId,
        assignedTo: t.assignedToName,
        createdAt: t.closedDate!,
        expiresAt: new Date(t.closedDate!.getTime() + SURVEY_INVITATION_DAYS * DAY),
        isEmailed: true,
        answeredAt: answered.get(t.id)?.dateSubmitted ?? null,
      })),
  );
  const invitationOf = new Map(invitations.map((inv) => [inv.ticketId, inv.id]));
  await insertMany(
    db,
    surveys,
    surveyRows.map((s) => ({ ...s, invitationId: invitationOf.get(s.ticketId!) ?? null })),
  );
}
