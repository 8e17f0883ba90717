import { matchPath } from 'react-router';

/** The SPA's base path (000 §1); the router's basename and Vite's base. */
export const BASENAME = '/app/spa';

export interface RouteEntry {
  path: string;
  title: string;
}

/**
 * The one registry of the SPA's paths and page titles. The top bar's title comes from here;
 * a screen's route is added when the screen is built.
 */
export const ROUTES = {
  home: { path: '/', title: 'Home' },
  register: { path: '/register', title: 'New User Registration' },
  retrieve: { path: '/retrieve', title: 'Forgot Password' },
} as const satisfies Record<string, RouteEntry>;

/** Paths that answer in the signed-in shell (register and retrieve are public pages). */
const SHELL_ROUTES: readonly RouteEntry[] = [ROUTES.home];

export const NOT_FOUND_TITLE = 'Not Found';

export function titleForPath(pathname: string): string {
  const entry = SHELL_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return entry?.title ?? NOT_FOUND_TITLE;
}
