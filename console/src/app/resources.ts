import { type ComponentType, lazy } from 'react';
import type { ResourceProps } from 'react-admin';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A screen in a chunk of its own: the first load carries the sign-in page, the layout and Today.
 * Once signed in, the other screens load in the background (preloadScreens), so moving to one
 * renders it at once; until then react-admin's layout shows progress while it loads.
 */
export function screen<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  let ready: { default: ComponentType } | undefined;
  const fetch = async () => (ready = { default: (await load())[name] as ComponentType });
  loaders.push(fetch);
  // Already loaded: a thenable that answers at once, so React renders the screen without suspending.
  // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable, and this one must answer synchronously
  const now = (module: { default: ComponentType }) => ({ then: (resolve: (value: typeof module) => void) => resolve(module) });
  return lazy(() => (ready ? now(ready) : fetch()) as Promise<{ default: ComponentType }>);
}

/** Loads every screen's chunk (after sign-in, in the background). */
export function preloadScreens(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

const orders = () => import('../orders/OrderList');
const customers = () => import('../customers/CustomerList');
const admin = {
  users: () => import('../admin/Users'),
  keys: () => import('../admin/ApiKeys'),
  webhooks: () => import('../admin/Webhooks'),
};

/** The react-admin resources; each maps to typed-client calls in api/dataProvider.ts. */
export const resources: ResourceProps[] = [
  {
    name: 'orders',
    list: screen(orders, 'OrderList'),
    show: screen(() => import('../orders/OrderShow'), 'OrderShow'),
    create: screen(() => import('../orders/OrderCreate'), 'OrderCreate'),
    recordRepresentation: 'orderNumber',
  },
  {
    name: 'customers',
    list: screen(customers, 'CustomerList'),
    show: screen(() => import('../customers/CustomerShow'), 'CustomerShow'),
    create: screen(() => import('../customers/CustomerCreate'), 'CustomerCreate'),
    recordRepresentation: 'name',
  },
  {
    name: 'cars',
    list: screen(() => import('../catalogue/CarList'), 'CarList'),
    show: screen(() => import('../catalogue/CarShow'), 'CarShow'),
    recordRepresentation: 'title',
  },
  {
    name: 'users',
    list: screen(admin.users, 'UserList'),
    create: screen(admin.users, 'UserCreate'),
    edit: screen(admin.users, 'UserEdit'),
    recordRepresentation: 'name',
  },
  { name: 'api-keys', list: screen(admin.keys, 'ApiKeyList'), create: screen(admin.keys, 'ApiKeyCreate'), recordRepresentation: 'name' },
  {
    name: 'webhook-endpoints',
    list: screen(admin.webhooks, 'WebhookList'),
    show: screen(admin.webhooks, 'WebhookShow'),
    create: screen(admin.webhooks, 'WebhookCreate'),
    edit: screen(admin.webhooks, 'WebhookEdit'),
    recordRepresentation: 'url',
  },
  { name: 'audit', list: screen(() => import('../admin/Audit'), 'AuditList') },
];
