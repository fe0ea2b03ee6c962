import { LOCAL_WHATSAPP } from '../local/whatsapp-webhook.js';
import { catalogueFeeds } from './catalogue-feeds.js';
import { startReceiver } from './receiver.js';
import { call, replacements } from './recorder.js';
import { signContract } from './walk-contract.js';
import { consigneeAndCourier } from './walk-consignee.js';
import type { Keys, Walked } from './walk-data.js';
import { eventFeed } from './walk-events.js';
import { shipAndDeliver } from './walk-export.js';
import { importRules } from './walk-import-rules.js';
import { inspect } from './walk-inspection.js';
import { deliveredOrder } from './walk-messages.js';
import { confirmDeposit, placeOrder } from './walk-order.js';
import { pay } from './walk-payment.js';
import { staff } from './walk-staff.js';
import { wallets } from './walk-wallets.js';
import { createEndpoints, webhooks } from './walk-webhooks.js';

/**
 * The stack walked as its users would: the public routes, a customer, an order from the catalogue
 * taken through every status to Delivered by the role that owns each move, what was sent about
 * it, wallets, staff and keys, webhooks with a receiver that answers and one that is down, the
 * catalogue feeds and the event feed. The steps are in walk-*.ts, in the order they run here.
 */
export async function walk(keys: Keys, startedAt: number): Promise<Walked> {
  const { accountant, integrator } = keys;
  const receiver = await startReceiver();
  replacements[`${receiver.url}/ok`] = 'https://erp.gulfmotors.example/hooks/orders';
  replacements[`${receiver.url}/down`] = 'https://staging-erp.gulfmotors.example/hooks/orders';
  try {
    // Public routes.
    await call('getApiIndex', { note: 'the index GET /api/v1 answers (its routes list shortened here)' });
    await call('verifyWhatsAppWebhook', {
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': LOCAL_WHATSAPP.verifyToken, 'hub.challenge': '1158201444' },
      note: 'the hub.challenge value, as plain text',
    });
    await call('verifyWhatsAppWebhook', {
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-this-stage', 'hub.challenge': '1158201444' },
      expect: 403,
      note: 'a verify token that is not this stage’s',
    });
    await call('verifyWhatsAppWebhook', {
      query: { 'hub.verify_token': LOCAL_WHATSAPP.verifyToken },
      expect: 400,
      note: 'hub.mode and hub.challenge missing',
    });

    const { endpointId, downId } = await createEndpoints(keys, receiver.url);

    // The catalogue.
    const cars = await call('listCars', {
      key: integrator,
      query: { limit: 2, currency: 'USD', sortBy: 'price', sortOrder: 'asc', importableTo: 'AE' },
      note: 'the two cheapest cars the UAE takes, priced in US dollars for this tenant',
    });
    const car = cars.body.data[0];
    await call('getCar', { key: integrator, path: { id: car.id }, query: { currency: 'USD' } });
    await call('listTrims', { key: integrator, query: { makeEn: car.makeEn } });

    // The customer.
    const customer = (
      await call('createCustomer', {
        key: integrator,
        body: {
          name: 'Layla Haddad',
          mobileNumber: '+971501234567',
          email: 'layla@example.com',
          country: 'AE',
          idNumber: 'P4471029',
          address: 'Dubai Marina, Dubai',
          language: 'ar',
        },
      })
    ).body.data;
    await call('createCustomer', {
      key: integrator,
      body: { name: 'Layla H.', mobileNumber: '+971501234567' },
      expect: 409,
      note: 'the mobile number is taken in this tenant',
    });
    await call('createCustomer', {
      key: integrator,
      body: { name: 'Layla Haddad', mobileNumber: '0501234567' },
      expect: 400,
      note: 'a mobile number without its country code',
    });
    await call('createCustomer', {
      key: integrator,
      rawBody: '{"name": "Layla Haddad", ',
      headers: { 'Content-Type': 'application/json' },
      expect: 400,
      skip: true,
    });
    await call('searchCustomers', { key: integrator, query: { phone: '+971501234567' } });
    await call('listCustomers', {
      key: accountant,
      query: { q: 'Lay', limit: 20 },
      note: 'customers whose name begins with "Lay"',
    });
    await call('getCustomer', { key: integrator, path: { id: customer.id } });
    await call('getCustomerWallet', { key: integrator, path: { id: customer.id } });

    const current = await placeOrder(keys, customer, car);
    const orderId = current.id;
    await confirmDeposit(keys, current);
    await inspect(keys, current);
    await signContract(keys, current);
    await pay(keys, current);
    await shipAndDeliver(keys, current, car, startedAt);
    await consigneeAndCourier(keys, current);
    await deliveredOrder(keys, orderId, startedAt);
    await wallets(keys, customer);
    await staff(keys, orderId);
    await importRules(keys, customer, orderId);
    await webhooks(keys, endpointId, downId, startedAt);

    // Catalogue feeds: providers' files dropped in the bucket (platform admins watch them). Open
    // orders on two listed cars hear that one was repriced and the other sold.
    await catalogueFeeds(keys, customer.id as string, cars.body.data as Array<{ id: number; provider: string }>);

    await eventFeed(integrator);
    return { orderId, customerId: customer.id as string };
  } finally {
    receiver.server.close();
  }
}
