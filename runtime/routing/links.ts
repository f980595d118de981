import { generatePath, matchPath } from 'react-router';
import { serializeQuery, type Query } from '../api/query';
import { routes } from '../generated/registry';
import type { RouteDef } from './routeTypes';

export type RouteParams = Readonly<Record<string, string | number>>;

/**
 * Where navigating to the fallback route (path `*`, e.g. notFound) goes: a path no route claims,
 * so the fallback renders and the address bar says what happened.
 */
export const FALLBACK_PATH = '/not-found';

const routesByName: ReadonlyMap<string, RouteDef> = new Map(routes.map((route) => [route.name, route]));

/** The route of that name; throws for a name the registry does not know (a programming error). */
export function findRoute(name: string): RouteDef {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Unknown route "${name}"`);
  return route;
}

/**
 * The path of a named route with its parameters filled in, plus an optional query string:
 * `routePath('product', { id: 7 })` → `/webstore/product/7`.
 */
export function routePath(name: string, params: RouteParams = {}, query?: Query): string {
  const route = findRoute(name);
  const path =
    route.path === '*'
      ? FALLBACK_PATH
      : generatePath(route.path, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])));
  const queryString = query ? serializeQuery(query) : '';
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * Whether the SPA draws this path (a route other than the fallback claims it). Other paths of the
 * site are the server's own (a CSV export), reached by a full-page load, not the router.
 */
export function isSpaPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return routes.some((route) => route.path !== '*' && matchPath(route.path, pathname) !== null);
}
