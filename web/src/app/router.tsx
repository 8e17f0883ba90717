import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from './full-page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { BASENAME } from './routes.ts';
import { SessionGate } from './session-gate.tsx';

/** Screens are lazy route modules exporting `Component`; their paths and titles are in routes.ts. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SessionGate />,
    errorElement: <RouteError />,
    HydrateFallback: FullPageSpinner,
    children: [
      { index: true, lazy: () => import('./route-modules/home.tsx') },
      // 000 §2: any other path (and every drawer item whose screen is not built yet).
      { path: '*', lazy: () => import('./route-modules/not-found.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes, { basename: BASENAME });
