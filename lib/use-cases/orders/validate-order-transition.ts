import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import {
  allowedTransitions,
  checkTransition,
  ORDER_STATUSES,
  refusalRequirement,
  transitionOutlook,
  type OrderStatus,
} from '../../domain/order-lifecycle.js';
import { scopeOf } from '../../domain/scope.js';
import { readOrderCollection } from '../../store/orders.js';
import { factsOf } from './order-facts.js';

/** A status change judged without being made: never fails for an invalid transition (docs/api.md, "Orders"). */
export async function validateOrderTransition(caller: Caller, id: string, targetStatus: string) {
  const collection = await readOrderCollection(scopeOf(caller), id);
  if (!collection) throw notFound('Order');
  const facts = factsOf(collection, caller);
  const allowed = allowedTransitions(facts, caller.role);
  const outlook = transitionOutlook(facts, caller.role);
  if (!(ORDER_STATUSES as readonly string[]).includes(targetStatus)) {
    return {
      valid: false,
      errors: [`Unknown status "${targetStatus}"; statuses are ${ORDER_STATUSES.join(', ')}`],
      currentStatus: facts.status,
      targetStatus,
      allowedTransitions: allowed,
      missingRequirements: [refusalRequirement(facts, targetStatus, caller.role)],
      ...outlook,
    };
  }
  const check = checkTransition(facts, targetStatus as OrderStatus, caller.role);
  return {
    valid: check.valid,
    errors: check.errors,
    currentStatus: facts.status,
    targetStatus,
    allowedTransitions: allowed,
    // An invalid move always names what it lacks: its requirements, else the status or role it needs.
    missingRequirements:
      check.valid || check.missingRequirements.length > 0
        ? check.missingRequirements
        : [refusalRequirement(facts, targetStatus, caller.role)],
    ...outlook,
  };
}
