import { describe, expect, it } from 'vitest';
import { ZContactListRequestSchema, ZDeviceListRequestSchema, ZTicketListRequestSchema } from '@sc/common';
import { toQueryString, withQuery } from '../../api/query-string.ts';
import { readListParams, resetsPage, writeListParams } from './list-params.ts';

describe('list state in the URL, with the API request schema', () => {
  it('reads the API names and fills in the schema defaults', () => {
    const s = readListParams(ZContactListRequestSchema, new URLSearchParams('page=3&sort=lastName&direction=asc&search=smith&isPending=true'));
    expect(s).toMatchObject({ page: 3, pageSize: 20, sort: 'lastName', direction: 'asc', search: 'smith', isPending: true });
  });

  it('drops a value the schema refuses instead of failing (an edited link)', () => {
    const s = readListParams(ZTicketListRequestSchema, new URLSearchParams('page=-4&pageSize=13&sort=nope&status=Open&priorityId=x'));
    expect(s).toMatchObject({ page: 1, pageSize: 10, sort: 'id', direction: 'desc', status: 'Open' });
    expect(s.priorityId).toBeUndefined();
  });

  it('takes the caller default (preferred page size) when the URL has none', () => {
    expect(readListParams(ZTicketListRequestSchema, new URLSearchParams(''), { pageSize: 25 }).pageSize).toBe(25);
    expect(readListParams(ZTicketListRequestSchema, new URLSearchParams('pageSize=50'), { pageSize: 25 }).pageSize).toBe(50);
  });

  it('writes only what differs from the defaults, keeping parameters outside the schema', () => {
    const state = readListParams(ZDeviceListRequestSchema, new URLSearchParams(''));
    expect(writeListParams(ZDeviceListRequestSchema, state).toString()).toBe('');
    const p = writeListParams(ZDeviceListRequestSchema, { ...state, page: 2, search: ' hp ' }, {}, new URLSearchParams('selected=7'));
    expect(p.toString()).toBe('page=2&search=hp&selected=7');
  });

  it('writes sort and direction together once the order is not the default', () => {
    const state = readListParams(ZTicketListRequestSchema, new URLSearchParams(''));
    expect(writeListParams(ZTicketListRequestSchema, { ...state, sort: 'shortDescription' }).toString()).toBe('sort=shortDescription&direction=desc');
  });

  it('round-trips a ticket list state with criteria', () => {
    const params = new URLSearchParams('page=2&status=%3CALL%3E&departmentId=4&isVip=true&search=printer');
    const s = readListParams(ZTicketListRequestSchema, params);
    expect(readListParams(ZTicketListRequestSchema, writeListParams(ZTicketListRequestSchema, s))).toEqual(s);
  });

  it('a new search or filter resets the page; paging and order do not', () => {
    expect(resetsPage(['search'])).toBe(true);
    expect(resetsPage(['status'])).toBe(true);
    expect(resetsPage(['page'])).toBe(false);
    expect(resetsPage(['sort', 'direction'])).toBe(false);
  });
});

describe('the query-string encoder', () => {
  it('leaves out empty values and writes numbers, booleans and lists', () => {
    expect(toQueryString({ page: 2, search: '', mine: true, x: undefined, y: null, ids: [1, 2] })).toBe('page=2&mine=true&ids=1&ids=2');
    expect(withQuery('/devices', {})).toBe('/devices');
    expect(withQuery('/devices', { search: 'a&b' })).toBe('/devices?search=a%26b');
  });
});
