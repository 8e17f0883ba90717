import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../app/providers.tsx';

/** Renders inside the app's real providers and a memory router at `path`. */
export function renderWithApp(ui: ReactElement | RouteObject[], { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
