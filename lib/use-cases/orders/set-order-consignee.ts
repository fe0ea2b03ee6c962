import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { consigneeDetails, type Consignee, type ConsigneeDetails } from '../../domain/consignee.js';
import { normalizePhone } from '../../domain/phone.js';
import { actorOf } from '../../domain/scope.js';
import type { ExpectedVersion } from '../../domain/versioning.js';
import type { setOrderConsignee as Route } from '../../schemas/consignee.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

type Body = Static<NonNullable<(typeof Route)['body']>>;

/** PATCH /orders/{id}/consignee: staff record (or correct) the consignee, before or after the bill of lading. */
export async function setOrderConsignee(
  caller: Caller,
  id: string,
  { version: _version, ...body }: Body,
  expected: ExpectedVersion | undefined,
): Promise<OrderView> {
  const details: ConsigneeDetails = consigneeDetails({
    ...body,
    // The schema checked the number; it is kept in E.164, as customers' numbers are.
    phone: normalizePhone(body.phone) ?? body.phone,
  });
  const consignee: Consignee = {
    ...details,
    givenBy: 'staff',
    by: actorOf(caller),
    at: new Date().toISOString(),
  };
  const order = await editOrder(caller, id, expected, 'consignee.set', () => ({ consignee }));
  return orderView(order, caller);
}
