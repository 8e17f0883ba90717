import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CHAT_END_PATH, SINGLE_PANE_OF_GLASS_REPORT, type HomeResponse, type SignedInUser } from '@sc/common';
import { makeUserOfType } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { resetChatSession } from './chat-session.ts';
import { HomePage } from './home-page.tsx';

const TEAM: HomeResponse['accountTeam'] = {
  accountManager: { name: 'Olivia Bennett', email: 'olivia@msp.example', officePhone: '5551234567', mobilePhone: null },
  itConsultant: { name: 'Sofia Alvarez', email: 'sofia@msp.example', officePhone: null, mobilePhone: '+1 555 765 4321' },
  techManager: null,
};
const NO_CHAT: HomeResponse['chat'] = { chatEnabled: false, chatName: 'Chat with Us', chatUrl: null, remoteControlUrl: null };

const home = (over: Partial<HomeResponse> = {}): HomeResponse => ({
  openIncidents: 1234,
  openIncidentsIsEstimate: false,
  openServiceRequests: 56,
  openServiceRequestsIsEstimate: false,
  accountTeam: TEAM,
  chat: NO_CHAT,
  ...over,
});
const emptyPage = { rows: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 10, hasNextPage: false, nextCursor: null };
const gridRoutes = ['incidents', 'service-requests'].flatMap((k) =>
  ['mine=true', 'assigned=me'].map((s) => ({ path: `/${k}?${s}&status=%3CALL%3E&pageSize=10`, body: emptyPage })),
);

function renderHome(user: SignedInUser, body: HomeResponse) {
  const fetchMock = mockFetch([{ path: '/home', body }, ...gridRoutes]);
  const result = renderWithApp(<HomePage user={user} />);
  return { ...result, ...fetchMock };
}

let sendBeacon: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetChatSession();
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});
afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  resetChatSession();
});

// The first render loads MUI and the grid: slow on a busy machine.
describe('home page', { timeout: 20_000 }, () => {
  it('greets, shows the open counts with View All to the org lists, the admin cards and the account team', async () => {
    const admin = makeUserOfType('Administrator', { firstName: 'Margaret' });
    renderHome(admin, home());
    expect(screen.getByRole('heading', { name: 'Hello, Margaret' })).toBeTruthy();
    expect(screen.getByText('What would you like to do today?')).toBeTruthy();
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('56')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Open Incidents' }).getAttribute('href')).toBe('/incidents?status=Open');
    expect(screen.getByRole('link', { name: 'View All Open Service Requests' }).getAttribute('href')).toBe('/requests?status=Open');
    expect(screen.getByRole('link', { name: /View Jobs/ }).getAttribute('href')).toBe('/jobs');
    expect(screen.getByRole('link', { name: /Single Pane of Glass Report/ }).getAttribute('href')).toBe(`/reports/${SINGLE_PANE_OF_GLASS_REPORT.id}`);
    expect(screen.queryByRole('button', { name: /Chat with Us/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Live Remote Control/ })).toBeNull();

    const team = screen.getByRole('region', { name: 'Your account team' });
    expect(within(team).getByRole('link', { name: 'Olivia Bennett' }).getAttribute('href')).toBe('mailto:olivia@msp.example');
    expect(within(team).getByRole('link', { name: 'Office phone (555) 123-4567' }).getAttribute('href')).toBe('tel:5551234567');
    expect(within(team).getByRole('link', { name: /Mobile phone/ }).getAttribute('href')).toBe('tel:+15557654321');
    expect(within(team).getByText('Technical Manager')).toBeTruthy();
    expect(within(team).getByText('Not assigned')).toBeTruthy();
    // The tabs (and their grid) are loaded lazily.
    for (const tab of ['My Incidents', 'My Requests', 'My Assigned Incs', 'My Assigned Reqs']) expect(await screen.findByRole('tab', { name: tab }, { timeout: 10_000 })).toBeTruthy();
  });

  it('for a User: View All goes to My Tickets, and there are no account team, jobs or report cards', async () => {
    renderHome(makeUserOfType('User'), home({ accountTeam: null }));
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Open Incidents' }).getAttribute('href')).toBe('/myincidents/');
    expect(screen.getByRole('link', { name: 'View All Open Service Requests' }).getAttribute('href')).toBe('/myrequests/');
    expect(screen.queryByRole('region', { name: 'Your account team' })).toBeNull();
    expect(screen.queryByRole('link', { name: /View Jobs/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Single Pane of Glass/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Submit Incident/ }).getAttribute('href')).toBe('/incident/add');
  });

  it('switches tabs, asking the list API for the tab’s tickets', async () => {
    const { callsTo, router } = renderHome(makeUserOfType('Operator'), home());
    fireEvent.click(await screen.findByRole('tab', { name: 'My Assigned Reqs' }, { timeout: 10_000 }));
    await waitFor(() => expect(callsTo('GET', '/service-requests?assigned=me&status=%3CALL%3E&pageSize=10')).toHaveLength(1));
    expect(callsTo('GET', '/incidents?mine=true&status=%3CALL%3E&pageSize=10')).toHaveLength(1);
    expect(router.state.location.search).toBe('?tab=assigned-requests');
    expect(screen.getByRole('link', { name: 'View all My Assigned Reqs' }).getAttribute('href')).toBe('/requests?assigned=me&status=%3CALL%3E');
  });

  it('opens the chat dialog named Techy with the embedded page, and sends the end-chat beacon when the page is hidden', async () => {
    const user = makeUserOfType('Operator', { userName: 'op@acme.example' });
    const chat = { chatEnabled: true, chatName: 'Techy', chatUrl: 'https://chat.example.net/desk', remoteControlUrl: 'https://remote.example.net/' };
    renderHome(user, home({ chat }));
    const remote = await screen.findByRole('link', { name: /Live Remote Control/ });
    expect(remote.getAttribute('href')).toBe('https://remote.example.net/');
    expect(remote.getAttribute('target')).toBe('_blank');
    expect(remote.getAttribute('rel')).toContain('noopener');

    // Hidden before any chat was opened: nothing to end.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    fireEvent.click(screen.getByRole('button', { name: /Techy/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Us' });
    const frame = within(dialog).getByTitle('Techy: chat with the help desk');
    const src = new URL(frame.getAttribute('src')!);
    expect(`${src.origin}${src.pathname}`).toBe('https://chat.example.net/desk');
    const chatId = src.searchParams.get('chatId')!;
    expect(chatId).toBeTruthy();

    // Closing and reopening keeps the same chat (initialised once).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: /Techy/ }));
    expect(new URL((await screen.findByTitle('Techy: chat with the help desk')).getAttribute('src')!).searchParams.get('chatId')).toBe(chatId);

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe(CHAT_END_PATH);
    expect(JSON.parse(await blob.text())).toEqual({ chatId, user: JSON.parse(JSON.stringify(user)) as unknown });
    // The chat has ended: hiding again sends nothing more.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
