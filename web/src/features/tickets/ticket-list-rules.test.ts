import { describe, expect, it } from 'vitest';
import {
  canEditIncidentRow,
  canEditRequestRowInList,
  canFilterByAssignee,
  canLinkTicketTarget,
  canSearchTicketLists,
  hasTicketCriteria,
  USER_TYPES,
} from '@sc/common';

// The predicates of common/src/ticket-list-rules.ts, for every user type (requirements §2.3, §2.4).
describe('ticket list rules', () => {
  it('hides the search box and the Assigned To selector for User only', () => {
    for (const userType of USER_TYPES) {
      expect(canSearchTicketLists({ userType })).toBe(userType !== 'User');
      expect(canFilterByAssignee({ userType })).toBe(userType !== 'User');
    }
  });

  it('shows Edit on incident rows as the row’s canEdit says', () => {
    expect(canEditIncidentRow({ canEdit: true })).toBe(true);
    expect(canEditIncidentRow({ canEdit: false })).toBe(false);
  });

  it('hides Edit on request rows of the full grid for User and OperatorLimited', () => {
    expect(canEditRequestRowInList({ userType: 'User' }, { canEdit: true })).toBe(false);
    expect(canEditRequestRowInList({ userType: 'OperatorLimited' }, { canEdit: true })).toBe(false);
    expect(canEditRequestRowInList({ userType: 'Operator' }, { canEdit: true })).toBe(true);
    expect(canEditRequestRowInList({ userType: 'Administrator' }, { canEdit: true })).toBe(true);
    expect(canEditRequestRowInList({ userType: 'Administrator' }, { canEdit: false })).toBe(false);
  });

  it('links the target only for an Administrator and only with a target contact', () => {
    expect(canLinkTicketTarget({ userType: 'Administrator' }, { targetContactId: 4 })).toBe(true);
    expect(canLinkTicketTarget({ userType: 'Administrator' }, { targetContactId: null })).toBe(false);
    for (const userType of ['User', 'OperatorLimited', 'Operator'] as const) expect(canLinkTicketTarget({ userType }, { targetContactId: 4 })).toBe(false);
  });

  it('tells whether criteria hold a value', () => {
    expect(hasTicketCriteria({})).toBe(false);
    expect(hasTicketCriteria({ departmentId: undefined, siteId: '' })).toBe(false);
    expect(hasTicketCriteria({ isShared: false })).toBe(true);
    expect(hasTicketCriteria({ siteId: 2 })).toBe(true);
  });
});
