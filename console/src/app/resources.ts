import type { ResourceProps } from 'react-admin';
import { ApiKeyCreate, ApiKeyList } from '../admin/ApiKeys';
import { AuditList } from '../admin/Audit';
import { UserCreate, UserEdit, UserList } from '../admin/Users';
import { WebhookCreate, WebhookEdit, WebhookList, WebhookShow } from '../admin/Webhooks';
import { CarList } from '../catalogue/CarList';
import { CarShow } from '../catalogue/CarShow';
import { CustomerCreate } from '../customers/CustomerCreate';
import { CustomerList } from '../customers/CustomerList';
import { CustomerShow } from '../customers/CustomerShow';
import { OrderCreate } from '../orders/OrderCreate';
import { OrderList } from '../orders/OrderList';
import { OrderShow } from '../orders/OrderShow';

/** The react-admin resources; each maps to typed-client calls in api/dataProvider.ts. */
export const resources: ResourceProps[] = [
  { name: 'orders', list: OrderList, show: OrderShow, create: OrderCreate, recordRepresentation: 'orderNumber' },
  { name: 'customers', list: CustomerList, show: CustomerShow, create: CustomerCreate, recordRepresentation: 'name' },
  { name: 'cars', list: CarList, show: CarShow, recordRepresentation: 'title' },
  { name: 'users', list: UserList, create: UserCreate, edit: UserEdit, recordRepresentation: 'name' },
  { name: 'api-keys', list: ApiKeyList, create: ApiKeyCreate, recordRepresentation: 'name' },
  { name: 'webhook-endpoints', list: WebhookList, show: WebhookShow, create: WebhookCreate, edit: WebhookEdit, recordRepresentation: 'url' },
  { name: 'audit', list: AuditList },
];
