import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { scopeOf } from '../../domain/scope.js';
import { orderStillThere, putChildItems } from '../../store/order-children.js';
import { CONTRACT_COUNTER, getOrder, takeNextNumber, type OrderRecord } from '../../store/orders.js';
import { ChangeSet } from '../../store/change-set.js';
import { getOrderCustomer, type CustomerRecord } from '../../store/customers.js';
import { ensureOrderAccepts } from '../shared/order-children.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { checkAmountFits, checkFreeForm, view, type ContractRecord, type CreateBody } from './contract-record.js';

/** What a new contract takes from its order, and the order's customer, when the body does not say. */
function prefill(order: OrderRecord, customer: CustomerRecord | undefined, body: CreateBody) {
  const car = order.carDetails;
  const km = typeof car.kilometers === 'number' ? `${car.kilometers} km` : undefined;
  return {
    customerPhone: body.customerPhone ?? customer?.mobileNumber ?? order.customer.mobileNumber,
    customerEmail: body.customerEmail ?? customer?.email ?? order.customer.email,
    customerIdNumber: body.customerIdNumber ?? customer?.idNumber,
    customerAddress: body.customerAddress ?? customer?.address,
    customerCountry: body.customerCountry ?? customer?.country,
    carDetails: body.carDetails ?? car,
    totalAmount: body.totalAmount ?? order.totalAmount,
    currency: body.currency ?? (['USD', 'KRW', 'AED'].includes(order.currency) ? order.currency : 'USD'),
    vin: body.vin ?? (typeof car.vin === 'string' ? car.vin : undefined),
    color: body.color ?? (typeof car.color === 'string' ? car.color : undefined),
    mileage: body.mileage ?? km,
  };
}

/** contractNumber: one atomic increment once the order checks out (unique, increasing; a failed creation leaves a gap). */
export async function createContract(caller: Caller, body: CreateBody) {
  checkFreeForm(body);
  const scope = scopeOf(caller);
  let contractNumber: number | undefined;
  let customer: CustomerRecord | undefined;
  return withRetries(async () => {
    const order = await getOrder(scope, body.orderId);
    if (!order) throw notFound('Order', 'orderId');
    ensureOrderAccepts(order, 'contract');
    customer ??= await getOrderCustomer(order.customerId, order.tenantId);
    const terms = prefill(order, customer, body);
    // Before a number is taken: a refused contract leaves no gap in the series.
    checkAmountFits(terms.totalAmount, terms.currency, body);
    contractNumber ??= await takeNextNumber(CONTRACT_COUNTER);
    const now = new Date().toISOString();
    const { orderId: _o, ...fields } = body;
    const contract: ContractRecord = {
      ...fields,
      ...terms,
      id: newId(),
      orderId: body.orderId,
      tenantId: order.tenantId,
      marketerId: order.marketerId,
      contractNumber,
      status: 'Draft',
      version: 1,
      pdfUrl: null,
      createdAt: now,
      updatedAt: now,
    };
    const changes = new ChangeSet(caller, now);
    const orderCheck = orderStillThere(body.orderId);
    changes.write(...putChildItems('CONTRACT', contract), orderCheck);
    changes.audit({
      entity: 'contract',
      entityId: contract.id,
      tenantId: contract.tenantId,
      action: 'created',
      after: contract,
    });
    const outcome = await changes.commit();
    if (outcome.ok) return view(contract);
    if (outcome.failed.includes(orderCheck)) throw notFound('Order', 'orderId');
    return RETRY;
  });
}
