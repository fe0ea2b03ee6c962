import type { ResourceProps } from 'react-admin';
import { OrderCreate } from '../orders/OrderCreate';
import { OrderList } from '../orders/OrderList';
import { OrderShow } from '../orders/OrderShow';

/** The react-admin resources; each maps to typed-client calls in api/dataProvider.ts. */
export const resources: ResourceProps[] = [
  { name: 'orders', list: OrderList, show: OrderShow, create: OrderCreate, recordRepresentation: 'orderNumber' },
  { name: 'customers', recordRepresentation: 'name' },
  { name: 'users', recordRepresentation: 'name' },
  { name: 'cars', recordRepresentation: 'title' },
];
