import type { Caller } from '../../domain/caller.js';
import { scopeOf } from '../../domain/scope.js';
import { listChildren } from '../../store/order-children.js';
import { orderInScopeOrNotFound } from '../shared/order-children.js';
import { view } from './contract-record.js';

export async function listOrderContracts(caller: Caller, orderId: string) {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'id');
  return (await listChildren(scope, 'CONTRACT', orderId)).map(view);
}
