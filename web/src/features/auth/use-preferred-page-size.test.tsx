import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useSession } from './session-context.ts';
import { usePreferredPageSize } from './use-preferred-page-size.ts';

function Probe() {
  return <output aria-label="page size">{`${useSession().status}:${usePreferredPageSize()}`}</output>;
}

describe('usePreferredPageSize', () => {
  it('returns the signed-in user’s page size', async () => {
    mockFetch([{ path: '/auth/me', body: makeSession(makeUser({ pageSize: 25 })) }]);
    renderWithApp(<Probe />);
    expect((await screen.findByText('signedIn:25')).getAttribute('aria-label')).toBe('page size');
  });

  it('falls back to the default page size when signed out or the value is not offered', async () => {
    mockFetch([{ path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } }]);
    const first = renderWithApp(<Probe />);
    expect(await screen.findByText('signedOut:10')).toBeTruthy();
    first.unmount();
    mockFetch([{ path: '/auth/me', body: makeSession(makeUser({ pageSize: 37 })) }]);
    renderWithApp(<Probe />);
    expect(await screen.findByText('signedIn:10')).toBeTruthy();
  });
});
