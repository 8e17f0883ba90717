import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { SearchResponse, SearchType } from '@sc/common';
import { searchSeeAllPath } from './search-hrefs.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { GlobalSearchField, searchLabel } from './search-field.tsx';

const LABEL = 'Global search: contacts, tickets and jobs';

const RESULTS: SearchResponse = {
  groups: [
    {
      searchType: 1,
      hasMore: true,
      records: [
        { searchType: 1, internalId: 12, dateField: '2026-03-01T15:00:00.000Z', stringField: 'INC-000012', status: 'Open', organizationName: null, lastName: 'Becker', firstName: 'Thomas', deviceName: null, department: null, description: 'Printer shows offline' },
        { searchType: 1, internalId: 11, dateField: '2026-02-27T15:00:00.000Z', stringField: 'INC-000011', status: 'Closed', organizationName: null, lastName: 'Becker', firstName: 'Thomas', deviceName: null, department: null, description: 'Printer jams' },
      ],
    },
    { searchType: 2, hasMore: false, records: [] },
    {
      searchType: 3,
      hasMore: false,
      records: [{ searchType: 3, internalId: 7, dateField: '2024-01-01', stringField: 'J10001', status: 'Active', organizationName: null, lastName: null, firstName: null, deviceName: null, department: null, description: 'Managed Print Agreement' }],
    },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderField = (seeAllPath?: (type: SearchType, term: string) => string | null) =>
  renderWithApp(
    <>
      <GlobalSearchField timeZone="America/New_York" label={LABEL} seeAllPath={seeAllPath} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path: '/devices' },
  );

const type = (value: string) => {
  const box = screen.getByRole('combobox', { name: LABEL });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value } });
  return box;
};

// Real timers: each test waits out the 1200 ms debounce, which takes longer on a busy machine.
describe('GlobalSearchField', { timeout: 20_000 }, () => {
  it('asks once, 1200 ms after typing stops, with the trimmed term; lists the groups; a pick navigates and clears', async () => {
    const api = mockFetch([{ path: '/search?q=printer', body: RESULTS }]);
    renderField();
    type('pri');
    type('print');
    const box = type('  printer ');
    // Nothing is asked before the debounce has passed.
    await new Promise((r) => setTimeout(r, 600));
    expect(api.calls.filter((c) => c.path.startsWith('/search'))).toHaveLength(0);
    const listbox = await screen.findByRole('listbox', {}, { timeout: 3000 });
    expect(api.calls.filter((c) => c.path.startsWith('/search')).map((c) => c.path)).toEqual(['/search?q=printer']);
    expect(within(listbox).getByRole('group', { name: 'Incidents (first 5 shown)' })).toBeTruthy();
    expect(within(listbox).getByRole('group', { name: 'Jobs' })).toBeTruthy();
    expect(within(listbox).queryByRole('group', { name: /Service Requests/ })).toBeNull();
    // requirements §5: 'CWID: {InternalID} - {date}' in the user's zone, StringField as JMSID; green icon for Open, red otherwise.
    expect(within(listbox).getByText('CWID: 12 - Mar 1, 2026 · JMSID: INC-000012 · Becker, Thomas')).toBeTruthy();
    expect(within(listbox).getByText('CWID: 7 - Jan 1, 2024 · JMSID: J10001')).toBeTruthy();
    // Issue 14, item 11: the status in words beside the colour.
    expect(within(listbox).getByRole('option', { name: /Printer shows offline/ }).textContent).toContain('Open');
    expect(within(listbox).getByRole('option', { name: /Printer jams/ }).textContent).toContain('Closed');

    fireEvent.click(within(listbox).getByText('Printer jams'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/incident/view/11'));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows 'No search results' when nothing matched, and never asks for fewer than 3 characters", async () => {
    const api = mockFetch([{ path: '/search?q=zzq', body: { groups: [{ searchType: 1, hasMore: false, records: [] }] } }]);
    renderField();
    type(' ab ');
    await new Promise((r) => setTimeout(r, 1500));
    expect(api.calls.filter((c) => c.path.startsWith('/search'))).toHaveLength(0);
    type('zzq');
    expect(await screen.findByText('No search results', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('picks with the arrow keys and Enter (a job goes to /jobs)', async () => {
    mockFetch([{ path: '/search?q=printer', body: RESULTS }]);
    renderField();
    const box = type('printer');
    await screen.findByRole('listbox', {}, { timeout: 3000 });
    // The first result is highlighted; two arrows down reach the job.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/jobs'));
  });

  it("ends each group with 'See all', which opens the list filtered by the term (issue 14, item 11)", async () => {
    const operator = { userType: 'Operator' as const, spaceAdmin: false };
    mockFetch([{ path: '/search?q=printer', body: RESULTS }]);
    renderField((t, term) => searchSeeAllPath(operator, t, term));
    type('printer');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 3000 });
    // Jobs have no filtered list: no 'See all' there.
    expect(within(listbox).getAllByRole('option', { name: /^See all/ }).map((o) => o.getAttribute('aria-label'))).toEqual(['See all Incidents matching printer']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'See all Incidents matching printer' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/incidents'));
    expect(searchSeeAllPath(operator, 2, ' printer ')).toBe('/requests?status=%3CALL%3E&search=printer');
    expect(searchSeeAllPath({ userType: 'User', spaceAdmin: false }, 1, 'printer')).toBeNull();
    expect(searchSeeAllPath({ userType: 'Administrator', spaceAdmin: false }, 0, 'ann')).toBe('/contacts?search=ann');
    expect(searchSeeAllPath(operator, 0, 'ann')).toBeNull();
  });

  it('names the box after what the caller may search (searchReach)', () => {
    expect(searchLabel({ contacts: true, jobs: true, ownTicketsOnly: false })).toBe('Global search: contacts, tickets and jobs');
    expect(searchLabel({ contacts: false, jobs: false, ownTicketsOnly: true })).toBe('Global search: tickets');
    expect(searchLabel({ contacts: true, jobs: false, ownTicketsOnly: false })).toBe('Global search: contacts and tickets');
  });
});
