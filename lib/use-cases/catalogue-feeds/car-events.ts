import { withPictureUrls } from '../../archive/picture-url.js';
import type { CarChange } from '../../catalogue/changes.js';
import { carView } from '../../domain/car.js';
import { isTerminal } from '../../domain/order-lifecycle.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { getCar } from '../../store/cars.js';
import { ordersOfCar } from '../../store/feed-files.js';
import { getOrder } from '../../store/orders.js';
import { transact } from '../../store/transact.js';
import { eventItem } from '../shared/event-items.js';

/** How many cars' orders are looked up at once. */
const CONCURRENCY = 8;

/** The changes integrators hear of: a car gone, or a listed car's price moved. */
const tellable = (change: CarChange) => change.kind === 'remove' || (change.from !== undefined && !change.created);

/**
 * Tells each tenant with an open order on a removed or repriced car (`car.removed`,
 * `car.repriced`: webhooks and the event feed), one event per car and tenant naming its orders.
 * Returns how many events were written.
 */
export async function tellOrdersOfCars(changes: readonly CarChange[], at: string): Promise<number> {
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
      const byTenant = new Map<string | undefined, string[]>();
      for (const order of orders) byTenant.set(order!.tenantId, [...(byTenant.get(order!.tenantId) ?? []), order!.id]);
      for (const [tenantId, orderIds] of byTenant) {
        const object = withPictureUrls(carView(car));
        const item =
          change.kind === 'remove'
            ? eventItem('car.removed', tenantId, { type: 'car', id: String(carId) }, object, at, { orderIds, availability: change.availability })
            : eventItem('car.repriced', tenantId, { type: 'car', id: String(carId) }, object, at, { orderIds, from: change.from, to: change.row.price });
        await transact([item]);
        told += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return told;
}
