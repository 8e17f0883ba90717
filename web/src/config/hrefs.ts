import { generatePath } from 'react-router';
import { withQuery } from '../api/query-string.ts';
import { ROUTES } from './routes.ts';

// The path builders of every screen, generated from the one route table (routes.ts): no URL is built by
// hand. `hrefs.incidentView({ id: 7 })` → '/incident/view/7'; a list's state as the query:
// `hrefs.devices(undefined, { page: 2 })` → '/devices?page=2' (api/query-string.ts).

type RouteName = keyof typeof ROUTES;
type Segment<P extends string> = P extends `${infer A}/${infer B}` ? Segment<A> | Segment<B> : P;
/** The path's parameters: ':id' required, ':invid?' optional. */
type Required<P extends string> = Segment<P> extends infer S ? (S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never) : never;
type Optional<P extends string> = Segment<P> extends infer S ? (S extends `:${infer N}?` ? N : never) : never;
type PathOf<K extends RouteName> = (typeof ROUTES)[K]['path'];
type ParamsOf<K extends RouteName> = { [N in Required<PathOf<K>>]: string | number } & { [N in Optional<PathOf<K>>]?: string | number };
type Href<K extends RouteName> = [Required<PathOf<K>> | Optional<PathOf<K>>] extends [never] ? (params?: undefined, query?: object) => string : (params: ParamsOf<K>, query?: object) => string;

const build =
  (path: string) =>
  (params?: Record<string, string | number | undefined>, query?: object): string => {
    const built = generatePath(path, Object.fromEntries(Object.entries(params ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))));
    // generatePath drops a trailing slash; the spec's '/myincidents/' keeps it.
    return withQuery(path.length > 1 && path.endsWith('/') && !built.endsWith('/') ? `${built}/` : built, query);
  };

export const hrefs = Object.fromEntries(Object.entries(ROUTES).map(([name, r]) => [name, build(r.path)])) as unknown as { [K in RouteName]: Href<K> };
