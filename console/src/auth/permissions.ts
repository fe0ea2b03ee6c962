import type { paths } from '../../../client/index.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route as `GET /api/v1/me` lists it: "METHOD /path", only for routes the API has. */
export type RouteKey = {
  [P in keyof paths & string]: {
    [M in Method]: [NonNullable<paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${P}`;
  }[Method];
}[keyof paths & string];

/**
 * Whether the signed-in key may call a route, from the `routes` of `GET /api/v1/me` (its role's
 * routes narrowed by its allowedRoutes). The console shows an action only when this says yes; the
 * API still decides, and a 403 is shown in words.
 */
export function can(routes: readonly string[] | undefined, route: RouteKey): boolean {
  return routes?.includes(route) ?? false;
}

/** Whether any of the routes is callable (a screen that needs one of several). */
export function canAny(routes: readonly string[] | undefined, wanted: readonly RouteKey[]): boolean {
  return wanted.some((route) => can(routes, route));
}
