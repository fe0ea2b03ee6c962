import { trackingLinkSecret } from '../../config.js';
import type { Caller } from '../../domain/caller.js';
import {
  buyerMayChangeConsignee,
  checkConsignee,
  type ConsigneeField,
  type ConsigneeProblem,
} from '../../domain/consignee.js';
import { AppError } from '../../domain/errors.js';
import { formProofHolds } from '../../domain/tracking-form.js';
import { isLinkLive, tokenHash } from '../../domain/tracking-link.js';
import { getTrackingLink } from '../../store/tracking-links.js';
import { editOrder } from '../orders/edit-order.js';

export type ConsigneeOutcome =
  | { kind: 'stored' }
  /** The link does not work: the same answer as the page's for it. */
  | { kind: 'notFound' }
  /** The form's hidden field is missing, altered, of another link or expired. */
  | { kind: 'expired' }
  /** The bill of lading is recorded (or the order cancelled): the details are final for the buyer. */
  | { kind: 'locked' }
  | { kind: 'invalid'; problems: Partial<Record<ConsigneeField, ConsigneeProblem>> };

/** The audit trail names the buyer's page as the one who acted: no staff key or user did. */
const buyerOf = (tenantId: string | undefined): Caller => ({
  keyId: 'buyer-page',
  role: 'integrator',
  allowedRoutes: [],
  ...(tenantId ? { tenantId } : {}),
});

/** A refusal decided on the order as it is read, inside the edit. */
class Refused extends Error {
  constructor(readonly outcome: ConsigneeOutcome) {
    super(outcome.kind);
  }
}

/**
 * POST /track/{token}/consignee: the buyer gives (or changes) the consignee on their page. Taken
 * only from a live link, with the hidden field its page made, until the bill of lading is
 * recorded; stored with `givenBy: buyer` through the same edit as staff's, so it is audited,
 * versioned and told to integrators (order.updated). Anything refused stores nothing.
 */
export async function giveConsignee(
  token: string,
  form: Partial<Record<string, string>>,
  now = new Date(),
): Promise<ConsigneeOutcome> {
  const hash = tokenHash(token);
  const link = await getTrackingLink(hash);
  if (!link || !isLinkLive(link, now)) return { kind: 'notFound' };
  if (!formProofHolds(trackingLinkSecret(), hash, form.form, now)) return { kind: 'expired' };
  const checked = checkConsignee(form);
  try {
    await editOrder(buyerOf(link.tenantId), link.orderId, undefined, 'consignee.set', (order) => {
      if (order.status === 'Cancelled' || !buyerMayChangeConsignee(order.shipment))
        throw new Refused({ kind: 'locked' });
      if (!checked.ok) throw new Refused({ kind: 'invalid', problems: checked.problems });
      return { consignee: { ...checked.details, givenBy: 'buyer', at: now.toISOString() } };
    });
    return { kind: 'stored' };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { kind: 'notFound' };
    throw error;
  }
}
