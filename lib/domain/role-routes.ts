import { type Caller, type Role, routeAllowed } from './caller.js';

interface RouteInfo {
  method: string;
  path: string;
  roles?: readonly string[];
  public?: boolean;
}

/**
 * The allowedRoutes a new key of a role gets unless told otherwise: admin everything (`*`),
 * every other role each route its role may use. Staff can narrow or widen a key with the CLI.
 */
export function defaultAllowedRoutes(role: Role, routes: readonly RouteInfo[]): string[] {
  if (role === 'admin') return ['*'];
  return routes
    .filter((route) => !route.public && (route.roles === undefined || route.roles.includes(role)))
    .map((route) => `${route.method} ${route.path}`);
}

/** The routes of `requested` that a key of `role` could never call, whatever its allowedRoutes say (the role rules them out). */
export function routesBeyondRole(role: Role, requested: readonly string[], routes: readonly RouteInfo[]): string[] {
  if (role === 'admin') return [];
  const closed = new Set(
    routes
      .filter((route) => route.roles !== undefined && !route.roles.includes(role))
      .map((route) => `${route.method} ${route.path}`),
  );
  return requested.filter((route) => closed.has(route));
}

/**
 * The routes a caller may call now, as `METHOD /path`: those its role is open to (every route for
 * admin) that its key's allowedRoutes also name. Public routes need no key and are left out.
 */
export function callableRoutes(caller: Pick<Caller, 'role' | 'allowedRoutes'>, routes: readonly RouteInfo[]): string[] {
  return routes
    .filter(
      (route) =>
        !route.public && (caller.role === 'admin' || route.roles === undefined || route.roles.includes(caller.role)),
    )
    .map((route) => `${route.method} ${route.path}`)
    .filter((route) => routeAllowed(caller.allowedRoutes, route));
}
