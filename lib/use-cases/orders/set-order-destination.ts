import type { Caller } from '../../domain/caller.js';
import { AppError } from '../../domain/errors.js';
import { isTerminal } from '../../domain/order-lifecycle.js';
import type { ExpectedVersion } from '../../domain/versioning.js';
import { editOrder } from './edit-order.js';
import {
  checkOverrideAllowed,
  decideDestination,
  destinationIn,
  importFactsOf,
  type OverrideAsked,
} from './order-destination.js';
import { orderView, type OrderView } from './order-view.js';

/** PATCH /orders/{id}/destination: the car checked against the new destination's rules, an admin's override kept. */
export async function setOrderDestination(
  caller: Caller,
  id: string,
  request: { destinationCountry: string; importRuleOverride?: OverrideAsked },
  expected: ExpectedVersion | undefined,
): Promise<OrderView> {
  checkOverrideAllowed(caller, request.importRuleOverride);
  const destination = destinationIn(request.destinationCountry)!;
  const order = await editOrder(caller, id, expected, 'destination.set', async (current) => {
    if (isTerminal(current.status))
      throw new AppError('INVALID_TRANSITION', `The order is ${current.status}: its destination can no longer change`, [
        { field: 'destinationCountry', message: `cannot change on a ${current.status} order` },
      ]);
    const decided = await decideDestination(
      caller,
      { destination, override: request.importRuleOverride, tenantId: current.tenantId },
      importFactsOf(undefined, current.carDetails),
      current.createdAt,
    );
    return { destinationCountry: decided.destinationCountry, importRuleOverride: decided.importRuleOverride };
  });
  return orderView(order, caller);
}
