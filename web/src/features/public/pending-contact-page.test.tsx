import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_CONTACT_RETURN_MS, PENDING_CONTACT_SUBMIT_MS, PUBLIC_MESSAGES } from '@sc/common';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PendingContactPage } from './pending-contact-page.tsx';

const routes = [
  { path: '/pendingcontact', element: <PendingContactPage /> },
  { path: '/', element: <p>Home page</p> },
];

describe('PendingContactPage (requirements §12.3, §12.6)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("shows 'Processing...', submits after 2 s, shows the answer and returns to / 2 s later", async () => {
    const fetch = mockFetch([
      { path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } },
      { method: 'POST', path: '/public/pending-contact', body: { result: 'Approved', contactName: 'Rita Registrant' } },
    ]);
    const { router } = renderWithApp(routes, { path: '/pendingcontact?approved=true&approvercontactid=12&ac=abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText(PUBLIC_MESSAGES.processing)).toBeTruthy();
    // Half the delay (a margin for the real time fake timers also follow on a busy machine): nothing sent yet.
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_SUBMIT_MS / 2));
    expect(fetch.calls.filter((c) => c.path === '/public/pending-contact')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_SUBMIT_MS / 2 + 100));
    expect(await screen.findByText(PUBLIC_MESSAGES.contactApproved)).toBeTruthy();
    const posts = fetch.calls.filter((c) => c.path === '/public/pending-contact');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ approved: true, approverContactId: 12, token: 'abcdefghijklmnopqrstuvwxyz' });
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_RETURN_MS / 2));
    expect(router.state.location.pathname).toBe('/pendingcontact');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_RETURN_MS / 2 + 100));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it("shows 'Invalid Parameters...' without parameters and submits nothing", async () => {
    const fetch = mockFetch([{ path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } }]);
    renderWithApp(routes, { path: '/pendingcontact' });
    expect(await screen.findByText(PUBLIC_MESSAGES.invalidParameters)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_SUBMIT_MS * 2));
    expect(fetch.calls.filter((c) => c.path === '/public/pending-contact')).toHaveLength(0);
  });

  it("shows 'Contact has been ::: Disapproved' for a disapprove link", async () => {
    mockFetch([
      { path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } },
      { method: 'POST', path: '/public/pending-contact', body: { result: 'Disapproved', contactName: 'X Y' } },
    ]);
    renderWithApp(routes, { path: '/pendingcontact?approved=false&approvercontactid=3&ac=abcdefghijklmnopqrstuvwxyz' });
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CONTACT_SUBMIT_MS + 100));
    expect(await screen.findByText(PUBLIC_MESSAGES.contactDisapproved)).toBeTruthy();
  });
});
