import { recordEvent } from '../../metrics.js';
import type { Caller } from '../../domain/caller.js';
import { walletIdFor } from '../../domain/ids.js';
import { actorOf, scopeOf } from '../../domain/scope.js';
import { ChangeSet } from '../../store/change-set.js';
import { newOrderItems } from '../../store/new-order.js';
import { ORDER_COUNTER, readForNewOrder, takeNextNumber } from '../../store/orders.js';
import { storefrontFor } from '../cars.js';
import { idempotent } from '../shared/idempotency.js';
import { RETRY, RETRY_NOW } from '../shared/retry.js';
import { owningTenant } from '../shared/tenancy.js';
import { newLink } from '../shared/tracking-link.js';
import { depositReceipt, newOrderRecord } from './new-order.js';
import {
  archiveCarPictures,
  creationHistory,
  noticeOfNewOrder,
  payFromWallet,
  recordDepositReceipt,
} from './new-order-changes.js';
import { checkOverrideAllowed, decideDestination, destinationIn, importFactsOf } from './order-destination.js';
import { emitOrderEvent } from './order-events.js';
import { checkCreateBody, checkNamed, marketerFor, orderCurrencyOf, type CreateBody } from './order-request.js';
import { storedOrderView, withOrderPictures, type OrderView } from './order-view.js';

export { checkCreateBody } from './order-request.js';

/**
 * Creates an order in three DynamoDB round trips: one BatchGet of everything it depends on, one
 * atomic increment for its number (taken only once the request checks out, and kept across
 * retries), one transaction writing the order, history, receipt, wallet payment, side effects and
 * the stored Idempotency-Key answer together. Only a lost wallet race re-reads (2 more round
 * trips each time, at most RETRY's attempts); concurrent creations never collide.
 */
export async function createOrder(
  caller: Caller,
  body: CreateBody,
  idempotencyKey: string | undefined,
): Promise<OrderView> {
  checkCreateBody(body);
  const scope = scopeOf(caller);
  const tenantId = owningTenant(caller, body.tenantId);
  const marketerId = marketerFor(caller, body.marketerId);
  const currency = orderCurrencyOf(body);
  checkOverrideAllowed(caller, body.importRuleOverride);
  const destination = destinationIn(body.destinationCountry);
  const storefront = body.carId !== undefined ? await storefrontFor(caller, undefined) : undefined;
  let orderNumber: number | undefined;

  const created = await idempotent<OrderView>(
    caller,
    idempotencyKey,
    { operation: 'createOrder', body },
    async (key) => {
      const walletId = body.useWalletBalance ? walletIdFor(body.customerId) : undefined;
      const read = await readForNewOrder(scope, {
        customerId: body.customerId,
        walletId,
        carId: body.carId,
        marketerId,
        idempotency: key.address,
      });
      // Another request with this key answered (replayed), or is at work (wait for its answer or its claim to lapse).
      const replayed = key.replay(read.idempotency);
      if (replayed) return replayed.answer;
      const { customer, wallet } = checkNamed(read, { body, tenantId, marketerId, currency, storefront });
      const { tenantId: customerTenant, country: customerCountry } = customer;
      const goesTo = await decideDestination(
        caller,
        { destination, customerCountry, override: body.importRuleOverride, tenantId: customerTenant },
        importFactsOf(read.car, body.carDetails),
        new Date().toISOString(),
      );
      // A number is taken only under the key's claim, so concurrent retries of one request use one number.
      if (!(await key.claim())) return RETRY_NOW;
      orderNumber ??= await takeNextNumber(ORDER_COUNTER);

      const changes = new ChangeSet(caller);
      const now = changes.at;
      const named = { orderNumber, currency, customer, marketerId, marketer: read.marketer, car: read.car };
      const order = { ...newOrderRecord(caller, body, named, now), ...goesTo };
      archiveCarPictures(changes, order, read.car?.images);
      // The buyer's tracking link: its token is made from the seed the order keeps; the table holds its hash.
      const trackingLink = newLink(order, now);
      order.tracking = trackingLink.tracking;
      const receipt =
        body.receiptAmount === undefined
          ? undefined
          : depositReceipt(order, body, body.receiptAmount, actorOf(caller), now);
      if (receipt) order.depositReceiptId = receipt.id;

      const newMarketerAccessTo = read.marketerHasAccess ? undefined : customer;
      const history = creationHistory(order, caller, now);
      changes.write(...newOrderItems(order, { trackingLink, history, newMarketerAccessTo }));
      if (receipt) recordDepositReceipt(changes, order, receipt);
      if (wallet) payFromWallet(changes, wallet, order, caller.userId ?? caller.keyId);
      changes.audit({ entity: 'order', entityId: order.id, tenantId: order.tenantId, action: 'created', after: order });
      emitOrderEvent(changes, 'order.created', order);
      noticeOfNewOrder(changes, order, receipt !== undefined);
      const view = storedOrderView(order, caller);
      changes.write(...key.answerItems(view));

      const outcome = await changes.commit();
      if (outcome.ok) {
        recordEvent('OrdersCreated');
        if (wallet) recordEvent('WalletMovements');
        return view;
      }
      // A retry with the same key won: the next read replays its answer at once. Otherwise the
      // wallet moved: read again after a pause, keeping the number.
      return key.answeredMeanwhile(outcome.failed) ? RETRY_NOW : RETRY;
    },
  );
  return withOrderPictures(created);
}
