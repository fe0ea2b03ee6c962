/**
 * Gulf Motors' demo customers and their orders at different stages, so a newcomer's first look
 * at the console, the board and a buyer's page is not a row of empty lists. `npm start` runs it
 * once the demo catalogue is in (its orders are for catalogue cars); the test stack never does,
 * as its tests count the demo tenant's lists.
 *
 * Once per data folder: a customer is made, with its orders, only when the tenant has no customer
 * with its phone number, so a restart or a kept `.local/` never doubles them (and a start stopped
 * half-way leaves what it made; delete the folder to start over).
 */
import { localDay, tenantTimeZone } from '../../lib/domain/time-zone.js';
import createCustomerRoute from '../../lib/schemas/generated/createCustomer.js';
import searchCustomersRoute from '../../lib/schemas/generated/searchCustomers.js';
import { createCustomer, searchCustomers } from '../../lib/use-cases/customers.js';
import type { Role } from '../../lib/domain/caller.js';
import type { DemoKey } from './demo-keys.js';
import { walkDemoOrder, type DemoStaff } from './demo-order-walk.js';
import { DEMO_CUSTOMERS } from './demo-orders-data.js';
import { staffMember } from './demo-staff.js';
import { GULF_MOTORS } from './seed.js';

export interface DemoOrdersMade {
  customers: number;
  orders: number;
}

function keyOf(keys: readonly DemoKey[], role: Role): DemoKey {
  const key = keys.find((k) => k.tenantId === GULF_MOTORS.id && k.role === role);
  if (!key) throw new Error(`no demo key of Gulf Motors' ${role}: seedDemoData makes them first`);
  return key;
}

/**
 * The demo customers and orders not there yet, made through the staff's own keys (seedDemoData's);
 * `starting` is called before the first is made, so a start can say what it is doing meanwhile.
 */
export async function seedDemoOrders(
  keys: readonly DemoKey[],
  starting: () => void = () => undefined,
): Promise<DemoOrdersMade> {
  const inspectorKey = keyOf(keys, 'inspector');
  if (!inspectorKey.userId) throw new Error("the demo inspector's key names no user");
  const staff: DemoStaff = {
    marketer: staffMember(keyOf(keys, 'marketer').key),
    accountant: staffMember(keyOf(keys, 'accountant').key),
    operations: staffMember(keyOf(keys, 'operations').key),
    inspector: staffMember(inspectorKey.key),
    inspectorId: inspectorKey.userId,
  };
  // The administrator sees every customer of the tenant, whoever made them.
  const admin = staffMember(keyOf(keys, 'admin').key);
  const today = localDay(new Date(), tenantTimeZone(GULF_MOTORS));
  const made: DemoOrdersMade = { customers: 0, orders: 0 };
  for (const customer of DEMO_CUSTOMERS) {
    const query = { phone: customer.mobileNumber };
    const known = await admin(searchCustomersRoute, { query }, (caller) => searchCustomers(caller, query.phone));
    if (known.length > 0) continue;
    if (made.customers === 0) starting();
    const { orders, destination: _destination, nameEn: _en, nameAr: _ar, ...record } = customer;
    const created = await staff.marketer(createCustomerRoute, { body: record }, (caller) =>
      createCustomer(caller, record),
    );
    made.customers += 1;
    for (const order of orders) {
      await walkDemoOrder(staff, customer, created.id, order, today);
      made.orders += 1;
    }
  }
  return made;
}
