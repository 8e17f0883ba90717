import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@sc/common';
import { makeSession, makeUserOfType } from '../../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG, type MockRoute } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LIST_TEXTS as TABLE_TEXTS } from '../../ui/list/list-grid.tsx';
import { TicketListPage } from './ticket-list-page.tsx';

const operator = makeUserOfType('Operator');
const emptyPage = { rows: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 10, hasNextPage: false, nextCursor: null };
const base = '/incidents?page=1&pageSize=10&sort=id&direction=desc&status=Open';

function renderList(path: string, routes: MockRoute[]) {
  const mock = mockFetch([{ path: '/auth/me', body: makeSession(operator) }, { path: '/config', body: PUBLIC_CONFIG }, ...routes]);
  renderWithApp(<TicketListPage kind="Incident" mine={false} title="Incidents" user={operator} />, { path });
  return mock;
}

// requirements §2.1 / §2.6 table states as the list screens show them.
// The first render loads MUI and the grid: slow on a busy machine.
describe('ticket list states', { timeout: 45_000 }, () => {
  it('empty: the spec text and an Add new item link to the New flow, remembering the list', async () => {
    renderList('/incidents', [{ path: base, body: emptyPage }]);
    expect(await screen.findByText(TABLE_TEXTS.empty)).toBeTruthy();
    const add = screen.getByRole('link', { name: TABLE_TEXTS.addNew });
    expect(add.getAttribute('href')).toBe('/incident/add');
    expect(screen.getByText('Displaying 0 - 0')).toBeTruthy();
  });

  it('filtered-empty when a search is applied', async () => {
    // The URL state is the request: `search` in the schema's place, before the filters.
    renderList('/incidents?search=zzz', [{ path: '/incidents?page=1&pageSize=10&sort=id&direction=desc&search=zzz&status=Open', body: emptyPage }]);
    expect(await screen.findByText(TABLE_TEXTS.filteredEmpty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: TABLE_TEXTS.addNew })).toBeNull();
  });

  it('error: the spec text with the server message in parentheses, and Retry loads again', async () => {
    const mock = renderList('/incidents', [{ path: base, status: 400, body: { code: 'BAD_REQUEST', message: 'cursor: does not match the sort' } }]);
    expect(await screen.findByText(`${MESSAGES.tableLoadError} (cursor: does not match the sort)`)).toBeTruthy();
    const calls = mock.callsTo('GET', base).length;
    mock.respond({ path: base, body: { ...emptyPage, rows: [], total: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(TABLE_TEXTS.empty)).toBeTruthy();
    expect(mock.callsTo('GET', base).length).toBe(calls + 1);
  });
});
