import type { Inspection, OrderDetail } from '../../api/types.js';

/**
 * Whether the order page offers to schedule an inspection, read from what the API says rather
 * than from a lifecycle of the console's own: not on an order with no further moves
 * (`isTerminal`); not while an inspection can still move (its `allowedStatusTransitions`: that
 * one is carried on, not doubled); not once one is Completed (the step is done). After one that
 * ended without completing (cancelled), a new one is offered.
 */
export function offersScheduling(
  order: Pick<OrderDetail, 'isTerminal'>,
  inspections: readonly Pick<Inspection, 'status' | 'allowedStatusTransitions'>[],
): boolean {
  if (order.isTerminal) return false;
  return !inspections.some(
    (inspection) => inspection.status === 'Completed' || inspection.allowedStatusTransitions.length > 0,
  );
}
