import type { RouteKey } from './permissions.js';

/** The route behind each resource's "create", so a button shows only for a key that may call it. */
export const CREATE_ROUTES: Record<string, RouteKey> = {
  orders: 'POST /api/v1/orders',
  customers: 'POST /api/v1/customers',
  users: 'POST /api/v1/users',
  'api-keys': 'POST /api/v1/api-keys',
  'webhook-endpoints': 'POST /api/v1/webhook-endpoints',
};
