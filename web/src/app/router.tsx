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
      { path: 'contacts', lazy: () => import('./route-modules/contacts-list.tsx') },
      { path: 'contacts/add', lazy: () => import('./route-modules/contact-form.tsx') },
      { path: 'contacts/edit/:id', lazy: () => import('./route-modules/contact-form.tsx') },
      { path: 'contacts/view/:id', lazy: () => import('./route-modules/contact-form.tsx') },
      { path: 'contacts/new-invites', lazy: () => import('./route-modules/new-invites.tsx') },
      { path: 'contacts/view-invites', lazy: () => import('./route-modules/view-invites.tsx') },
      { path: 'contact/:sub/:id', lazy: () => import('./route-modules/contact-sub.tsx') },
      { path: 'devices', lazy: () => import('./route-modules/devices.tsx') },
      { path: 'devices/add', lazy: () => import('./route-modules/device-form.tsx') },
      { path: 'devices/edit/:id', lazy: () => import('./route-modules/device-form.tsx') },
      // 000 §2: any other path (and every drawer item whose screen is not built yet).
      { path: '*', lazy: () => import('./route-modules/not-found.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes, { basename: BASENAME });
