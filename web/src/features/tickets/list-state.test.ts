import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@sc/common';
import { ZTicketListRequestSchema } from '@sc/common';
import { readListParams, writeListParams } from '../../ui/list/list-params.ts';
import { calendarHref, cleanCriteria, listRequestOf, listStateOf, readListState, urlPatchOf, writeListState, type TicketListState } from './list-state.ts';

const state = (patch: Partial<TicketListState> = {}): TicketListState => ({ ...readListState(new URLSearchParams()), ...patch });

describe('ticket list state in the URL', () => {
  it('has the spec defaults: page 1, size 10, id descending, Open, no search or filter', () => {
    expect(readListState(new URLSearchParams())).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'id',
      direction: 'desc',
      status: 'Open',
      search: '',
      criteria: {},
      savedFilterId: null,
      assignedToMe: false,
    });
    expect(writeListState(state()).toString()).toBe('');
  });

  it('reads and writes assigned=me and sends it with the list request', () => {
    const s = readListState(new URLSearchParams('assigned=me&status=%3CALL%3E'));
    expect(s).toMatchObject({ assignedToMe: true, status: '<ALL>' });
    expect(writeListState(s).get('assigned')).toBe('me');
    expect(listRequestOf(s, false, true)).toMatchObject({ assigned: 'me', status: '<ALL>' });
    expect(listRequestOf({ ...s, assignedToMe: false }, false, true)).not.toHaveProperty('assigned');
  });

  it('starts at the user’s preferred page size and names only another size in the URL', () => {
    expect(readListState(new URLSearchParams(), 25).pageSize).toBe(25);
    expect(writeListState(state({ pageSize: 25 }), 25).has('pageSize')).toBe(false);
    expect(writeListState(state({ pageSize: 10 }), 25).get('pageSize')).toBe('10');
    expect(readListState(new URLSearchParams('pageSize=10'), 25).pageSize).toBe(10);
  });

  it('round-trips every part: page, size, sort, direction, status, search, criteria and saved filter', () => {
    const s = state({
      page: 3,
      pageSize: 25,
      sort: 'shortDescription',
      direction: 'asc',
      status: '<ALL>',
      search: 'printer',
      criteria: { departmentId: 4, boardId: 2, openDateFrom: '2026-01-01', isShared: true, requestedStartTo: '2026-02-01' },
      savedFilterId: '0123456789abcdef0123456789abcdef',
    });
    const params = writeListState(s);
    // The API's own names, each criterion its own parameter.
    expect(Object.fromEntries(params)).toMatchObject({ page: '3', pageSize: '25', sort: 'shortDescription', direction: 'asc', status: '<ALL>', search: 'printer', departmentId: '4', isShared: 'true' });
    expect(readListState(new URLSearchParams(params.toString()))).toEqual(s);
  });

  it('ignores what it cannot read instead of failing the page', () => {
    const s = readListState(new URLSearchParams('page=-4&pageSize=13&sort=password&direction=up&status=Deleted&departmentId=x&saved=../x'));
    expect(s).toEqual(state());
    expect(readListState(new URLSearchParams('departmentId=x&priorityId=2')).criteria).toEqual({ priorityId: 2 });
  });

  it('drops empty criteria so "no filter" has one form', () => {
    expect(cleanCriteria({ departmentId: '', assignedTo: undefined, classId: null })).toEqual({});
    expect(writeListState(state({ criteria: {} })).toString()).toBe('');
  });

  it('builds the list request: mine for /my lists, no search for a User', () => {
    const s = state({ search: ' vpn ', criteria: { priorityId: 2 } });
    expect(listRequestOf(s, true, true)).toEqual({ priorityId: 2, page: 1, pageSize: 10, sort: 'id', direction: 'desc', status: 'Open', search: 'vpn', mine: true });
    expect(listRequestOf(s, false, false)).not.toHaveProperty('search');
    expect(listRequestOf(s, false, false)).not.toHaveProperty('mine');
  });

  it('links the calendar with status, search and criteria only', () => {
    const params = new URLSearchParams('status=Closed&search=vpn&siteId=1&page=3&sort=status&direction=asc');
    expect(calendarHref(false, params)).toBe('/requests/calendar?status=Closed&search=vpn&siteId=1');
    expect(calendarHref(true, new URLSearchParams())).toBe('/myrequests/calendar');
  });

  it('turns a change of the screen into a change of the URL state: criteria replaced whole, saved kept or dropped', () => {
    const params = new URLSearchParams('departmentId=4&isVip=true&saved=0123456789abcdef0123456789abcdef&page=3');
    const current = readListParams(ZTicketListRequestSchema, params);
    expect(listStateOf(current, params)).toMatchObject({ criteria: { departmentId: 4, isVip: true }, savedFilterId: '0123456789abcdef0123456789abcdef', page: 3 });
    const { request, keep } = urlPatchOf({ criteria: { priorityId: 2 }, savedFilterId: null });
    expect(keep).toEqual({ saved: null });
    const next = writeListParams(ZTicketListRequestSchema, { ...current, ...request, page: 1 });
    expect(next.toString()).toBe('priorityId=2');
    expect(urlPatchOf({ assignedToMe: false, search: '  ' }).request).toEqual({ assigned: undefined, search: undefined });
    expect(urlPatchOf({ status: 'Closed' })).toEqual({ request: { status: 'Closed' }, keep: {} });
  });
});
