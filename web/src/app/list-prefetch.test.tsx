import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { createQueryClient } from './providers.tsx';
import { appRoutesFor } from './router.tsx';
import { makeSession, makeUserOfType } from '../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderWithApp } from '../test/render.tsx';
import { sessionKeys } from '../features/auth/api.ts';
import { prefetchTicketList, ticketListRouteOf } from '../features/tickets/list-prefetch.ts';
import { TicketListPage } from '../features/tickets/ticket-list-page.tsx';

// A ticket list's first request starts with the navigation (the list routes' loader), under the key the
// page's own query uses: the page then shows the prefetched rows without asking again.

const operator = makeUserOfType('Operator', { pageSize: 25 });
const row = {
  id: 7,
  ticketNo: 'INC-0000007',
  ticketType: 'Incident',
  status: 'Open',
  assignedToName: null,
  shortDescription: 'Printer on fire',
  priorityId: null,
  priorityName: null,
  severityShort: null,
  severityName: null,
  openDate: '2026-11-20T10:00:00.000Z',
  className: null,
  subclassName: null,
  targetName: null,
  targetContactId: null,
  contactId: 1,
  contactName: 'Ann Example',
  isVip: false,
  canEdit: true,
};
const pageOf = (pageSize: number) => ({ rows: [row], total: 1, totalIsEstimate: false, page: 1, pageSize, hasNextPage: false, nextCursor: null });

function signedIn() {
  const qc = createQueryClient();
  qc.setQueryData(sessionKeys.me, makeSession(operator));
  return qc;
}

describe('the ticket list prefetch', { timeout: 45_000 }, () => {
  it('asks for the page the list then shows, with the user’s page size and the URL’s order, once', async () => {
    const sorted = '/incidents?page=1&pageSize=25&sort=status&direction=asc&status=Open';
    const mock = mockFetch([{ path: '/auth/me', body: makeSession(operator) }, { path: '/config', body: PUBLIC_CONFIG }, { path: sorted, body: pageOf(25) }]);
    const qc = signedIn();
    prefetchTicketList(qc, '/incidents', new URLSearchParams('sort=status&direction=asc'));
    expect(mock.callsTo('GET', sorted)).toHaveLength(1);
    renderWithApp(<TicketListPage kind="Incident" mine={false} title="Incidents" user={operator} />, { path: '/incidents?sort=status&direction=asc', queryClient: qc });
    expect(await screen.findByText('Printer on fire')).toBeTruthy();
    expect(mock.callsTo('GET', sorted)).toHaveLength(1);
  });

  it('asks nothing when signed out', () => {
    const mock = mockFetch([]);
    prefetchTicketList(createQueryClient(), '/incidents', new URLSearchParams());
    expect(mock.calls).toHaveLength(0);
  });

  it('reads the list from the path as the route does', () => {
    expect(ticketListRouteOf('/incidents')).toEqual({ kind: 'Incident', mine: false });
    expect(ticketListRouteOf('/requests')).toEqual({ kind: 'ServiceRequest', mine: false });
    expect(ticketListRouteOf('/myincidents/')).toEqual({ kind: 'Incident', mine: true });
    expect(ticketListRouteOf('/myrequests/some')).toEqual({ kind: 'ServiceRequest', mine: true });
  });

  it('is started by the loader of every list route, under the app’s base path, only on entering the list', async () => {
    const mine = '/service-requests?page=1&pageSize=25&sort=id&direction=desc&status=Closed&mine=true';
    const mock = mockFetch([{ path: mine, body: pageOf(25) }]);
    const qc = signedIn();
    const routes = appRoutesFor(qc)[1]!.children ?? [];
    const lists = routes.filter((r) => r.loader);
    expect(lists.map((r) => r.path).sort()).toEqual(['/incidents', '/myincidents/', '/myincidents/:some', '/myrequests/', '/myrequests/:some', '/requests'].sort());
    const myRequests = lists.find((r) => r.path === '/myrequests/')!;
    const loader = myRequests.loader as (args: LoaderFunctionArgs) => unknown;
    expect(loader({ request: new Request('http://localhost/app/spa/myrequests/?status=Closed'), params: {}, context: undefined } as LoaderFunctionArgs)).toBeNull();
    await waitFor(() => expect(mock.callsTo('GET', mine)).toHaveLength(1));
    const revalidate = myRequests.shouldRevalidate!;
    const args = (from: string, to: string) => ({ currentUrl: new URL(`http://localhost${from}`), nextUrl: new URL(`http://localhost${to}`) }) as Parameters<typeof revalidate>[0];
    expect(revalidate(args('/app/spa/myrequests/', '/app/spa/myrequests/?page=2'))).toBe(false);
    expect(revalidate(args('/app/spa/', '/app/spa/myrequests/'))).toBe(true);
    // Without the app's client (the tests' routes) the lists have no loader.
    expect((appRoutesFor()[1]!.children ?? []).some((r) => r.loader)).toBe(false);
  });
});
