import { usePermissions } from 'react-admin';
import type { Me } from '../api/types.js';
import { can, type RouteKey } from './permissions.js';

/** The signed-in key as GET /api/v1/me describes it, and whether it may call a route. */
export function useMe(): { me: Me | undefined; can: (route: RouteKey) => boolean; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Me>();
  return { me: permissions, can: (route) => can(permissions?.routes, route), isPending };
}
