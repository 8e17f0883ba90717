import { describe, expect, it } from 'vitest';
import type { TicketDepartment } from '@sc/common';
import { criteriaOf, EMPTY_FILTER_FORM, filterResolver, formValuesOf, hasFormValues } from './filter-form.ts';

const departments: TicketDepartment[] = [
  { id: 1, name: 'Service Desk', boardId: 7, type: 'Service Board', key: '1 7 Service Board' },
  { id: 2, name: 'Finance', boardId: 9, type: 'Client', key: '2 9 Client' },
];
const run = (values: typeof EMPTY_FILTER_FORM, kept = {}) =>
  filterResolver(departments, kept)(values, undefined, { fields: {}, shouldUseNativeValidation: false }) as { values: Record<string, unknown>; errors: Record<string, { message: string }> };

describe('Search Tickets form', () => {
  it('has no values when empty (OK disabled), and has them once one field is set', () => {
    expect(hasFormValues(EMPTY_FILTER_FORM)).toBe(false);
    expect(hasFormValues({ ...EMPTY_FILTER_FORM, isShared: true })).toBe(true);
    expect(hasFormValues({ ...EMPTY_FILTER_FORM, openDateTo: '2026-01-31' })).toBe(true);
  });

  it('sets boardId from the department unless its type is Client (requirements §2.3)', () => {
    expect(criteriaOf({ ...EMPTY_FILTER_FORM, departmentId: '1' }, departments)).toMatchObject({ departmentId: '1', boardId: 7 });
    expect(criteriaOf({ ...EMPTY_FILTER_FORM, departmentId: '2' }, departments).boardId).toBeUndefined();
  });

  it('resolves to the shared criteria schema: numbers, days, a switch that is off left out', () => {
    const r = run({ ...EMPTY_FILTER_FORM, departmentId: '1', priorityId: '3', openDateFrom: '2026-01-01', isShared: false, isRequestScheduled: true });
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ departmentId: 1, boardId: 7, priorityId: 3, openDateFrom: '2026-01-01', isRequestScheduled: true });
  });

  it('keeps the hidden VIP value of an applied filter', () => {
    expect(run({ ...EMPTY_FILTER_FORM, siteId: '4' }, { isVip: true }).values).toEqual({ siteId: 4, isVip: true });
  });

  it('names the field of a bad range', () => {
    const r = run({ ...EMPTY_FILTER_FORM, openDateFrom: '2026-02-01', openDateTo: '2026-01-01' });
    expect(Object.keys(r.errors)).toEqual(['openDateTo']);
  });

  it('round-trips saved criteria through the form', () => {
    const criteria = { assignedTo: 5, departmentId: 1, boardId: 7, isShared: true, openDateFrom: '2026-01-01', requestedStartTo: '2026-03-01' };
    expect(run(formValuesOf(criteria)).values).toEqual(criteria);
  });
});
