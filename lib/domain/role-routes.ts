import type { Role } from './caller.js';

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
  return routes.filter((route) => !route.public && (route.roles === undefined || route.roles.includes(role))).map((route) => `${route.method} ${route.path}`);
}

/** The routes of `requested` that a key of `role` could never call, whatever its allowedRoutes say (the role rules them out). */
export function routesBeyondRole(role: Role, requested: readonly string[], routes: readonly RouteInfo[]): string[] {
  if (role === 'admin') return [];
  const closed = new Set(routes.filter((route) => route.roles !== undefined && !route.roles.includes(role)).map((route) => `${route.method} ${route.path}`));
  return requested.filter((route) => closed.has(route));
}
