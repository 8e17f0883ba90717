import type { TicketCriteria, TicketLookupsResponse } from '@sc/common';

const nameOf = (list: readonly { id: number; name: string }[] | undefined, id: number | undefined) =>
  id === undefined ? undefined : (list?.find((x) => x.id === id)?.name ?? `#${id}`);

/**
 * What a filter holds, in words, for the list's filter chip (issue 14, bug 7): 'Assigned To: Daniel
 * Okafor · Priority: High · Created 2026-01-01 – 2026-01-31'. Names come from the lookups; an id the
 * lookups do not (yet) know shows as #id. Empty criteria give ''.
 */
export function summarizeCriteria(c: TicketCriteria, lookups: TicketLookupsResponse | undefined): string {
  const assignee =
    c.assignedTo !== undefined
      ? (lookups?.assignees.find((a) => a.kind === 'staff' && a.id === c.assignedTo)?.displayName ?? `#${c.assignedTo}`)
      : c.assignedContactId !== undefined
        ? (lookups?.assignees.find((a) => a.kind === 'contact' && a.id === c.assignedContactId)?.displayName ?? `#${c.assignedContactId}`)
        : undefined;
  const range = (label: string, from: string | undefined, to: string | undefined) => {
    if (!from && !to) return undefined;
    const day = (v: string) => v.slice(0, 10);
    if (from && to) return `${label} ${day(from)} – ${day(to)}`;
    return from ? `${label} from ${day(from)}` : `${label} until ${day(to!)}`;
  };
  const parts: (string | undefined)[] = [
    assignee && `Assigned To: ${assignee}`,
    c.departmentId !== undefined ? `Department: ${nameOf(lookups?.departments, c.departmentId)}` : undefined,
    c.priorityId !== undefined ? `Priority: ${nameOf(lookups?.priorities, c.priorityId)}` : undefined,
    c.classId !== undefined ? `Class: ${nameOf(lookups?.classes, c.classId)}` : undefined,
    c.subclassId !== undefined ? `Subclass: ${nameOf(lookups?.subclasses, c.subclassId)}` : undefined,
    c.siteId !== undefined ? `Site: ${nameOf(lookups?.sites, c.siteId)}` : undefined,
    c.isShared !== undefined ? (c.isShared ? 'Shared' : 'Not shared') : undefined,
    c.isVip !== undefined ? (c.isVip ? 'VIP' : 'Not VIP') : undefined,
    c.isRequestScheduled !== undefined ? (c.isRequestScheduled ? 'Scheduled' : 'Not scheduled') : undefined,
    range('Created', c.openDateFrom, c.openDateTo),
    range('Requested start', c.requestedStartFrom, c.requestedStartTo),
  ];
  return parts.filter(Boolean).join(' · ');
}
