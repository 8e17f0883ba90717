import { describe, expect, it } from 'vitest';
import type { TicketLookupsResponse } from '@sc/common';
import { summarizeCriteria } from './criteria-summary.ts';

const lookups: TicketLookupsResponse = {
  priorities: [{ id: 2, name: 'High', level: 2 }],
  severities: [],
  classes: [{ id: 3, name: 'Hardware' }],
  subclasses: [],
  assignees: [
    { key: 'staff:9', kind: 'staff', id: 9, displayName: 'Victor Santos' },
    { key: 'contact:9', kind: 'contact', id: 9, displayName: 'Daniel Okafor' },
  ],
  departments: [{ id: 4, name: 'Service Desk', boardId: 1, type: 'Board', key: '4 1 Board' }],
  sites: [],
};

// Issue 14, bug 7: the 'Filtered' chip says what the filter holds.
describe('summarizeCriteria', () => {
  it('names each criterion with the lookups’ names, in the dialog’s order', () => {
    expect(summarizeCriteria({ assignedContactId: 9, priorityId: 2, departmentId: 4, boardId: 1, openDateFrom: '2026-01-01', openDateTo: '2026-01-31' }, lookups)).toBe(
      'Assigned To: Daniel Okafor · Department: Service Desk · Priority: High · Created 2026-01-01 – 2026-01-31',
    );
    expect(summarizeCriteria({ assignedTo: 9, isShared: true, requestedStartFrom: '2026-02-01T05:00:00.000Z' }, lookups)).toBe(
      'Assigned To: Victor Santos · Shared · Requested start from 2026-02-01',
    );
  });

  it('shows an id the lookups do not know, and nothing for empty criteria', () => {
    expect(summarizeCriteria({ classId: 77 }, undefined)).toBe('Class: #77');
    expect(summarizeCriteria({}, lookups)).toBe('');
  });
});
