import { type ComponentType, lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/**
 * A screen loaded when first opened: the first load carries the sign-in page, the layout and Today;
 * each other screen is a small chunk of its own (react-admin's layout shows progress meanwhile).
 */
function screen<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
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
