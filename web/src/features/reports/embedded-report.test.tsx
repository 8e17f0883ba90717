import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CYBER_SECURITY_REPORT_ID, REPORT_TEXTS } from '@sc/common';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { EmbeddedReport } from './embedded-report.tsx';

// requirements §13.6: an external report shows 'Loading Report...' while the server fetches the token,
// then frames the provider's page with the token in the fragment, or the spec's token error.
const path = `/reports/${CYBER_SECURITY_REPORT_ID}/embed-token`;

describe('EmbeddedReport', () => {
  it("shows 'Loading Report...', then frames the page with the token in the URL fragment", async () => {
    mockFetch([{ path, body: { embedUrl: 'https://bi.example.com/embed/cyber', token: 'tok 1', expiresAt: null } }]);
    renderWithApp(<EmbeddedReport reportId={CYBER_SECURITY_REPORT_ID} title="Cyber Security" />);
    expect(screen.getByText(REPORT_TEXTS.loading)).toBeTruthy();
    const frame = await screen.findByTitle('Cyber Security');
    expect(frame.getAttribute('src')).toBe('https://bi.example.com/embed/cyber#embedToken=tok%201');
    expect(screen.queryByText(REPORT_TEXTS.loading)).toBeNull();
  });

  it("the provider's failure (502) shows the server's text; another failure 'Failed to get report embed token with: …'", async () => {
    const api = mockFetch([{ path, status: 502, body: { code: 'BAD_GATEWAY', message: REPORT_TEXTS.tokenApiFailed('status 500') } }]);
    const first = renderWithApp(<EmbeddedReport reportId={CYBER_SECURITY_REPORT_ID} title="Cyber Security" />);
    expect(await screen.findByText(REPORT_TEXTS.tokenApiFailed('status 500'))).toBeTruthy();
    first.unmount();
    api.respond({ path, status: 403, body: { code: 'FORBIDDEN', message: 'Not Authorized' } });
    renderWithApp(<EmbeddedReport reportId={CYBER_SECURITY_REPORT_ID} title="Cyber Security" />);
    expect(await screen.findByText(REPORT_TEXTS.tokenFailed('Not Authorized'))).toBeTruthy();
  });
});
