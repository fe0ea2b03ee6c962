import { notFound, versionConflict } from '../../domain/errors.js';
import type { Scope } from '../../domain/scope.js';
import { updateOrderVersioned, type OrderRecord } from '../../store/orders.js';

/** Applies a versioned change to an order in scope: 404 when there is none, 409 when the version is stale. */
export async function editOrder(scope: Scope, id: string, version: number | undefined, set: Record<string, unknown>): Promise<OrderRecord> {
  const result = await updateOrderVersioned(scope, id, version, set);
  if (result.ok) return result.order;
  if (!result.current) throw notFound('Order');
  throw versionConflict(result.current.version);
}
