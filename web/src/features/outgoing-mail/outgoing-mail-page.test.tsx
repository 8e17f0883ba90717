import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxListResponse, OutboxMessage, OutboxRow } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { linksOf } from './outbox-message-dialog.tsx';
import { OutgoingMailPage } from './outgoing-mail-page.tsx';

const row = (o: Partial<OutboxRow>): OutboxRow => ({
  id: 1,
  status: 'preview',
  toAddress: 'ada@acme.example',
  subject: 'Acme invites you',
  template: 'invitation',
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-14T15:30:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-03-14T15:30:00.000Z',
  ...o,
});

const LIST = '/mail/outbox?page=1&pageSize=25&sort=id&direction=desc';

describe('Outgoing Mail page', { timeout: 30_000 }, () => {
  it('lists messages, offers Retry on failed ones only, and retries', async () => {
    const list: OutboxListResponse = {
      rows: [row({ id: 2, status: 'failed', toAddress: 'bob@acme.example', subject: 'Reset', lastError: '550 No such user' }), row({ id: 1 })],
      total: 2,
      page: 1,
      pageSize: 25,
      hasNextPage: false,
      previewMode: false,
    };
    const { callsTo } = mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ spaceAdmin: true })) },
      { path: LIST, body: list },
      { method: 'POST', path: '/mail/outbox/2/retry', body: { ...row({ id: 2, status: 'pending', attempts: 0 }), messageId: null, textBody: null, htmlBody: null } satisfies OutboxMessage },
    ]);
    renderWithApp(<OutgoingMailPage timeZone="UTC" />);
    const grid = await screen.findByRole('grid', { name: 'Outgoing mail' });
    await within(grid).findByText('bob@acme.example');
    expect(screen.getByText(/^Mail is sent through the configured SMTP server/)).toBeTruthy();
    expect(within(grid).getByText('550 No such user')).toBeTruthy();
    const retries = within(grid).getAllByRole('button', { name: /^Retry the message/ });
    expect(retries).toHaveLength(1);
    fireEvent.click(retries[0]!);
    await waitFor(() => expect(callsTo('POST', '/mail/outbox/2/retry')).toHaveLength(1));
    expect(await screen.findByText('The message will be sent again')).toBeTruthy();
  });

  it('in preview mode opens a message with its links', async () => {
    const message: OutboxMessage = {
      ...row({ id: 1 }),
      messageId: '<x@example.com>',
      textBody: 'Hello Ada,\n\nRegister: http://localhost:3000/app/spa/register?IGID=abc\n',
      htmlBody: '<!doctype html><p>Hello</p>',
    };
    mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ spaceAdmin: true })) },
      { path: LIST, body: { rows: [row({ id: 1 })], total: 1, page: 1, pageSize: 25, hasNextPage: false, previewMode: true } satisfies OutboxListResponse },
      { path: '/mail/outbox/1', body: message },
    ]);
    renderWithApp(<OutgoingMailPage timeZone="UTC" />);
    expect(await screen.findByText(/^Preview mode: no SMTP server is configured/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Acme invites you' }));
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', { name: 'http://localhost:3000/app/spa/register?IGID=abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/app/spa/register?IGID=abc');
    expect(within(dialog).getByTitle('Message: Acme invites you').getAttribute('sandbox')).toBe('');
  });

  it('finds the links of a text body once each', () => {
    expect(linksOf('a https://x.example/a?b=1 b\nhttps://x.example/a?b=1 http://y.example/')).toEqual(['https://x.example/a?b=1', 'http://y.example/']);
  });
});
