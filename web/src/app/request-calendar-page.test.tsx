import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CALENDAR_MESSAGES, MESSAGES, type TicketCalendarEvent, type TicketCalendarResponse } from '@sc/common';
import { appRoutes } from './router.tsx';
import { makeSession, makeUserOfType } from '../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderWithApp } from '../test/render.tsx';

// The calendar page against a mocked API: the range it asks for in the user's zone, navigation, the
// truncated note and the load error. (jsdom lays out no events: e2e/request-calendar.test.ts shows and opens them.)

const event = (o: Partial<TicketCalendarEvent> = {}): TicketCalendarEvent => ({
  id: 123,
  ticketNo: 'SR-000123',
  shortDescription: 'Replace laptop',
  status: 'Escalation',
  start: '2026-11-16T17:00:00.000Z',
  end: '2026-11-17T00:00:00.000Z',
  endIsDefault: true,
  contactName: 'Ada Lovelace',
  assignedToName: 'Grace Hopper',
  isVip: true,
  ...o,
});

/** The API path the day view of 2026-11-16 asks for, for a user in Los Angeles (UTC-8 that day). */
const dayPath = (extra: Record<string, string> = {}) =>
  `/service-requests/calendar?${new URLSearchParams({ ...extra, from: '2026-11-16T08:00:00.000Z', to: '2026-11-17T08:00:00.000Z' }).toString()}`;

function setup(response: { status?: number; body: TicketCalendarResponse | { code: string; message: string } }, path: string, userType: 'Operator' | 'User' = 'Operator') {
  const user = makeUserOfType(userType, { timeZone: 'America/Los_Angeles' });
  const api = mockFetch([
    { path: '/auth/me', body: makeSession(user) },
    { path: '/config', body: PUBLIC_CONFIG },
  ]);
  return { api, user, respond: (p: string) => api.respond({ path: p, ...response }) };
}

/** The lazy route module brings react-big-calendar: its first import in jsdom takes a few seconds. */
const LOAD = { timeout: 10_000 };

describe('request calendar page', { timeout: 30_000 }, () => {
  it('asks for the visible day in the user’s zone with the list’s status; List links back with it', async () => {
    const { api, respond } = setup({ body: { events: [event()], truncated: false, timeZone: 'America/Los_Angeles' } }, '');
    respond(dayPath({ status: '<ALL>' }));
    renderWithApp(appRoutes, { path: '/requests/calendar?view=day&date=2026-11-16&status=%3CALL%3E' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Requests' }, LOAD)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', dayPath({ status: '<ALL>' }))).toHaveLength(1), LOAD);
    expect(screen.getByRole('heading', { level: 2, name: 'Monday Nov 16' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/requests?status=%3CALL%3E');
    expect(screen.getByLabelText('SEARCH REQUEST')).toBeTruthy();
  });

  it('Next asks for the next day and keeps it in the URL', async () => {
    const { api, respond } = setup({ body: { events: [], truncated: false, timeZone: 'America/Los_Angeles' } }, '');
    const next = `/service-requests/calendar?${new URLSearchParams({ status: 'Open', from: '2026-11-17T08:00:00.000Z', to: '2026-11-18T08:00:00.000Z' }).toString()}`;
    respond(dayPath({ status: 'Open' }));
    respond(next);
    const { router } = renderWithApp(appRoutes, { path: '/requests/calendar?view=day&date=2026-11-16' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }, LOAD));
    await waitFor(() => expect(api.callsTo('GET', next)).toHaveLength(1), LOAD);
    expect(router.state.location.search).toBe('?view=day&date=2026-11-17');
  });

  it('on /myrequests/calendar asks for mine=true, hides the search for a User and says when the answer was cut', async () => {
    const { respond } = setup({ body: { events: [event({ status: 'Open', isVip: false })], truncated: true, timeZone: 'America/Los_Angeles' } }, '', 'User');
    respond(dayPath({ status: 'Open', mine: 'true' }));
    renderWithApp(appRoutes, { path: '/myrequests/calendar?view=day&date=2026-11-16' });
    expect(await screen.findByText(CALENDAR_MESSAGES.truncated(500), undefined, LOAD)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My Service Requests' })).toBeTruthy();
    expect(screen.queryByLabelText('SEARCH REQUEST')).toBeNull();
    expect(screen.getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/myrequests/');
    expect(screen.queryByRole('button', { name: 'Agenda' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Day', pressed: true })).toBeTruthy();
  });

  it('shows the spec’s table error with the reason', async () => {
    const { respond } = setup({ status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } }, '');
    respond(dayPath({ status: 'Open' }));
    renderWithApp(appRoutes, { path: '/requests/calendar?view=day&date=2026-11-16' });
    // A 5xx is retried once (client.ts) before the error shows.
    expect(await screen.findByText(`${MESSAGES.tableLoadError} (Internal server error)`, undefined, LOAD)).toBeTruthy();
  });
});
