import { withPictureUrls } from '../../archive/picture-url.js';
import type { CarChange } from '../../catalogue/changes.js';
import { carView } from '../../domain/car.js';
import { money } from '../../domain/document-models/model.js';
import { newId } from '../../domain/ids.js';
import { awaitsPurchase, isTerminal } from '../../domain/order-lifecycle.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { vehicleLabel, vehicleOf } from '../../domain/vehicle.js';
import { getCar } from '../../store/cars.js';
import { ordersOfCar } from '../../store/feed-files.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../../store/outbox.js';
import { transact, type TransactItem } from '../../store/transact.js';
import { eventItem } from '../shared/event-items.js';

/** How many cars' orders are looked up at once. */
const CONCURRENCY = 8;

/** The changes integrators hear of: a car gone, or a listed car's price moved. */
const tellable = (change: CarChange) => change.kind === 'remove' || (change.from !== undefined && !change.created);

/** A catalogue price (in units of 10,000 KRW) as staff read it, written as documents write amounts: "15,900,000 KRW". */
const krw = (price: number) => money(price * 10_000, 'KRW');

/**
 * The alert to the order's tenant's admins and operations staff (outbox, in the transaction of the
 * integrators' event) when the car of an order not bought yet leaves its auction or changes price:
 * someone must tell the customer, and agree a new price or what happens to the order.
 */
function staffAlert(order: OrderRecord, change: CarChange, at: string): TransactItem {
  const vehicle = vehicleOf({ carDetails: order.carDetails });
  const template =
    change.kind === 'upsert'
      ? 'order_car_repriced'
      : change.availability === 'sold'
        ? 'order_car_sold'
        : 'order_car_withdrawn';
  const parametersIn = (language: 'en' | 'ar') => [
    String(order.orderNumber),
    vehicleLabel(vehicle, language, order.orderNumber),
    ...(change.kind === 'upsert' ? [krw(change.from ?? change.row.price), krw(change.row.price)] : []),
  ];
  return outboxPutItem(
    newOutboxEvent(
      {
        id: newId(),
        kind: 'alert',
        orderId: order.id,
        ...(order.tenantId ? { tenantId: order.tenantId } : {}),
        payload: { template, parameters: parametersIn('en'), parametersIn: { ar: parametersIn('ar') } },
      },
      at,
    ),
  );
}
/**
 * Tells each tenant with an open order on a removed or repriced car (`car.removed`,
 * `car.repriced`: webhooks and the event feed), one event per car and tenant naming its orders,
 * and the tenant's staff of each such order not bought yet (a WhatsApp alert), each stamped when
 * it is written. Returns how many events were written.
 */
export async function tellOrdersOfCars(changes: readonly CarChange[]): Promise<number> {
  const queue = changes.filter(tellable);
  let told = 0;
  const worker = async () => {
    for (let change = queue.shift(); change; change = queue.shift()) {
      const carId = change.kind === 'upsert' ? change.row.id : change.id;
      const links = await ordersOfCar(carId);
      if (links.length === 0) continue;
      const orders = (await Promise.all(links.map((link) => getOrder(PLATFORM_SCOPE, link.orderId)))).filter(
        (order) => order !== undefined && !isTerminal(order.status),
      );
      if (orders.length === 0) continue;
      const car = await getCar(carId);
      if (!car) continue;
      const byTenant = new Map<string | undefined, OrderRecord[]>();
      for (const order of orders) byTenant.set(order!.tenantId, [...(byTenant.get(order!.tenantId) ?? []), order!]);
      for (const [tenantId, tenantOrders] of byTenant) {
        const object = withPictureUrls(carView(car));
        const orderIds = tenantOrders.map((order) => order.id);
        // Stamped as it is written: readers of the feed step past an instant once it is older than
        // the settle horizon (30 s), and a big feed's last events are written minutes after its first.
        const at = new Date().toISOString();
        const item =
          change.kind === 'remove'
            ? eventItem('car.removed', tenantId, { type: 'car', id: String(carId) }, object, at, {
                orderIds,
                availability: change.availability,
              })
            : eventItem('car.repriced', tenantId, { type: 'car', id: String(carId) }, object, at, {
                orderIds,
                from: change.from,
                to: change.row.price,
              });
        // Staff hear of it only while it still decides the order: once bought, the listing is expected to go.
        const alerts = tenantOrders
          .filter((order) => awaitsPurchase(order.status))
          .map((order) => staffAlert(order, change, at));
        await transact([item, ...alerts]);
        told += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return told;
}
