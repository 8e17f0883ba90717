import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { DEFAULT_PAGE_SIZE, ZTicketListRequestSchema } from '@sc/common';
import { toQueryString } from '../../api/query-string.ts';
import { makeUserOfType } from '../../test/factories.ts';
import { readListParams, writeListParams } from '../../ui/list/list-params.ts';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { cleanCriteria, NO_CRITERIA, SAVED_PARAM, savedFilterIdOf } from './filter-form.ts';
import { ticketListRequestOf } from './list-prefetch.ts';

// A ticket list's URL is its API request (docs/conventions.md 'Lists'): the list's request schema reads it, the
// page sends what it reads, and the applied saved filter is a web-only parameter the URL keeps beside it.

const read = (query: string, defaults: { pageSize?: number } = {}) => readListParams(ZTicketListRequestSchema, new URLSearchParams(query), defaults);
const write = (state: ReturnType<typeof read>, defaults: { pageSize?: number } = {}, keep?: URLSearchParams) => writeListParams(ZTicketListRequestSchema, state, defaults, keep).toString();
const SAVED = '0123456789abcdef0123456789abcdef';
const operator = makeUserOfType('Operator');
const user = makeUserOfType('User');

describe('the ticket list’s URL state', () => {
  it('has the spec defaults: page 1, size 10, id descending, Open, no search or filter; a plain list keeps a plain URL', () => {
    expect(read('')).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'id', direction: 'desc', status: 'Open' });
    expect(write(read(''))).toBe('');
    expect(savedFilterIdOf(new URLSearchParams())).toBeNull();
  });

  it('reads and writes assigned=me and sends it with the list request', () => {
    const s = read('assigned=me&status=%3CALL%3E');
    expect(s).toMatchObject({ assigned: 'me', status: '<ALL>' });
    expect(write(s)).toBe('status=%3CALL%3E&assigned=me');
    expect(ticketListRequestOf(new QueryClient(), 'Incident', false, s, operator)).toMatchObject({ assigned: 'me', status: '<ALL>' });
    expect(ticketListRequestOf(new QueryClient(), 'Incident', false, { ...s, assigned: undefined }, operator).assigned).toBeUndefined();
  });

  it('starts at the user’s preferred page size and names only another size in the URL', () => {
    expect(read('', { pageSize: 25 }).pageSize).toBe(25);
    expect(write({ ...read(''), pageSize: 25 }, { pageSize: 25 })).toBe('');
    expect(write({ ...read(''), pageSize: 10 }, { pageSize: 25 })).toBe('pageSize=10');
    expect(read('pageSize=10', { pageSize: 25 }).pageSize).toBe(10);
  });

  it('round-trips every part: page, size, sort, direction, status, search, criteria, and the saved filter beside them', () => {
    const s = read('');
    const state = {
      ...s,
      page: 3,
      pageSize: 25,
      sort: 'shortDescription' as const,
      direction: 'asc' as const,
      status: '<ALL>' as const,
      search: 'printer',
      departmentId: 4,
      boardId: 2,
      openDateFrom: '2026-01-01',
      isShared: true,
      requestedStartTo: '2026-02-01',
    };
    const params = new URLSearchParams(write(state, {}, new URLSearchParams({ [SAVED_PARAM]: SAVED })));
    // The API's own names, each criterion its own parameter.
    expect(Object.fromEntries(params)).toMatchObject({ page: '3', pageSize: '25', sort: 'shortDescription', direction: 'asc', status: '<ALL>', search: 'printer', departmentId: '4', isShared: 'true', saved: SAVED });
    expect(read(params.toString())).toEqual(state);
    expect(savedFilterIdOf(params)).toBe(SAVED);
  });

  it('ignores what it cannot read instead of failing the page', () => {
    const params = new URLSearchParams('page=-4&pageSize=13&sort=password&direction=up&status=Deleted&departmentId=x&saved=../x');
    expect(read(params.toString())).toEqual(read(''));
    expect(savedFilterIdOf(params)).toBeNull();
    expect(cleanCriteria(read('departmentId=x&priorityId=2'))).toEqual({ priorityId: 2 });
  });

  it('drops empty criteria so "no filter" has one form', () => {
    expect(cleanCriteria({ departmentId: '', assignedTo: undefined, classId: null })).toEqual({});
    expect(cleanCriteria(read('status=Closed&search=vpn&page=2'))).toEqual({});
  });

  it('sends the URL state as the list request: mine from the route (never the URL), no search for a User', () => {
    const s = read('search=%20vpn%20&priorityId=2&mine=true&cursor=abc');
    expect(toQueryString(ticketListRequestOf(new QueryClient(), 'Incident', true, s, operator))).toBe('page=1&pageSize=10&sort=id&direction=desc&search=vpn&priorityId=2&status=Open&mine=true');
    expect(toQueryString(ticketListRequestOf(new QueryClient(), 'Incident', false, s, user))).toBe('page=1&pageSize=10&sort=id&direction=desc&priorityId=2&status=Open');
  });
});

describe('a change of the ticket list through useListUrlState', () => {
  function renderUrlState(path: string) {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
    return renderHook(() => ({ url: useListUrlState(ZTicketListRequestSchema), location: useLocation() }), { wrapper });
  }

  it('applies criteria whole and keeps or drops the saved filter beside them, at page 1', () => {
    const { result } = renderUrlState(`/incidents?departmentId=4&isVip=true&${SAVED_PARAM}=${SAVED}&page=3`);
    expect(cleanCriteria(result.current.url.state)).toEqual({ departmentId: 4, isVip: true });
    act(() => result.current.url.update({ status: 'Closed' }));
    expect(result.current.location.search).toBe(`?departmentId=4&isVip=true&status=Closed&${SAVED_PARAM}=${SAVED}`);
    act(() => result.current.url.update({ ...NO_CRITERIA, ...cleanCriteria({ priorityId: 2 }) }, { keep: { [SAVED_PARAM]: null } }));
    expect(result.current.location.search).toBe('?status=Closed&priorityId=2');
  });

  it('clears assigned=me and the search, leaving the rest', () => {
    const { result } = renderUrlState('/incidents?assigned=me&search=vpn&status=%3CALL%3E&sort=status&direction=asc');
    act(() => result.current.url.update({ assigned: undefined, search: undefined }));
    expect(result.current.location.search).toBe('?sort=status&direction=asc&status=%3CALL%3E');
  });
});
