import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ticketListKeys } from './api.ts';
import { pagedRequest } from './use-cursor-paging.ts';

const base = { page: 1, pageSize: 10, sort: 'id', direction: 'desc', status: 'Open' } as const;
const pageData = (page: number, nextCursor: string | null) => ({ rows: [], total: 40, totalIsEstimate: false, page, pageSize: 10, hasNextPage: true, nextCursor });

describe('keyset cursors for Next and Previous', () => {
  it('asks page 1 by page, and each next page with the cursor of the page before it as fetched', () => {
    const qc = new QueryClient();
    expect(pagedRequest(qc, 'Incident', base)).toEqual(base);
    qc.setQueryData(ticketListKeys.list('Incident', base), pageData(1, 'c2'));
    expect(pagedRequest(qc, 'Incident', { ...base, page: 2 })).toEqual({ ...base, page: 2, cursor: 'c2' });
    qc.setQueryData(ticketListKeys.list('Incident', { ...base, page: 2, cursor: 'c2' }), pageData(2, 'c3'));
    expect(pagedRequest(qc, 'Incident', { ...base, page: 3 })).toEqual({ ...base, page: 3, cursor: 'c3' });
    // Previous from page 3: page 2 again by its cursor, so it comes from the cache.
    expect(pagedRequest(qc, 'Incident', { ...base, page: 2 })).toEqual({ ...base, page: 2, cursor: 'c2' });
  });

  it('falls back to page (OFFSET) when the page before is unknown or has no cursor', () => {
    const qc = new QueryClient();
    expect(pagedRequest(qc, 'Incident', { ...base, page: 4 })).toEqual({ ...base, page: 4 });
    qc.setQueryData(ticketListKeys.list('ServiceRequest', base), pageData(1, null));
    expect(pagedRequest(qc, 'ServiceRequest', { ...base, page: 2 })).toEqual({ ...base, page: 2 });
    // Another sort or filter never borrows a cursor.
    qc.setQueryData(ticketListKeys.list('Incident', base), pageData(1, 'c2'));
    expect(pagedRequest(qc, 'Incident', { ...base, sort: 'status', page: 2 })).toEqual({ ...base, sort: 'status', page: 2 });
  });
});
