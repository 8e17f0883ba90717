import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { SurveyForm } from './survey-form.tsx';

// Issue 33 item 4: an answer substituted into a form's HTML ({q1}) is shown as text, never as markup.
const definition = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'q1', title: 'Your note' },
        { type: 'html', name: 'echo', html: '<p class="echo">You wrote: <b>{q1}</b></p>' },
      ],
    },
  ],
};
const attack =
  '<a href="https://phish.example/login" style="position:fixed;inset:0;background:#fff">Your session expired: sign in again</a><img src="x" onerror="window.pwned=1">';

beforeAll(() => {
  // jsdom has no ResizeObserver; SurveyJS observes its root's size for its responsive layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('SurveyForm', () => {
  it('escapes answers substituted into an html element: the authored markup stays, the answer is text', async () => {
    renderWithApp(<SurveyForm definition={definition} values={{ q1: attack }} readOnly />);
    const echo = await waitFor(() => {
      const el = document.querySelector('p.echo');
      if (!el) throw new Error('html element not rendered yet');
      return el;
    });
    // The authored <b> is markup; the answer inside it is the literal text typed.
    expect(echo.querySelector('b')?.textContent).toBe(`${attack}`);
    expect(echo.querySelector('a')).toBeNull();
    expect(echo.querySelector('img')).toBeNull();
    expect(document.querySelector('a[href^="https://phish.example"]')).toBeNull();
    expect(screen.getByText(/You wrote:/)).toBeTruthy();
  });

  it('leaves titles that use an answer as they read ({q1} in a title is text already)', async () => {
    const def = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'q1' }, { type: 'text', name: 'q2', title: 'Why {q1}?' }] }] };
    renderWithApp(<SurveyForm definition={def} values={{ q1: 'A & B' }} readOnly />);
    expect(await screen.findByText('Why A & B?')).toBeTruthy();
  });
});
