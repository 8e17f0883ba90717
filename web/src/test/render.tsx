import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../app/providers.tsx';

/** Renders inside the app's real providers and a memory router at `path`. */
export function renderWithApp(ui: ReactElement | RouteObject[], { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
