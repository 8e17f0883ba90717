import { generatePath, type PathParam } from 'react-router';
import { withQuery } from '../api/query-string.ts';
import { ROUTES } from './routes.ts';

// The path builders of every screen, generated from the one route table (routes.ts): no URL is built by
// hand. `hrefs.incidentView({ id: 7 })` → '/incident/view/7'; a list's state as the query:
// `hrefs.devices(undefined, { page: 2 })` → '/devices?page=2' (api/query-string.ts).

type RouteName = keyof typeof ROUTES;
type ParamsOf<K extends RouteName> = { [P in PathParam<(typeof ROUTES)[K]['path']>]: string | number };
type Href<K extends RouteName> = keyof ParamsOf<K> extends never ? (params?: undefined, query?: object) => string : (params: ParamsOf<K>, query?: object) => string;

const build =
  (path: string) =>
  (params?: Record<string, string | number>, query?: object): string =>
    withQuery(generatePath(path, Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]))), query);

export const hrefs = Object.fromEntries(Object.entries(ROUTES).map(([name, r]) => [name, build(r.path)])) as unknown as { [K in RouteName]: Href<K> };
