/**
 * The car in chat messages of an order placed without a catalogue car, over HTTP on the local
 * stack: named from the contract once it has one (the contract itself, later notifications and
 * the export reminder), and until then described by what is missing, in the reader's language;
 * never the bare word "car".
 */
import { describe, expect, it } from 'vitest';
import type { ChatLogEntry } from '../../lib/store/chat-log.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { DEMO_INSPECTOR } from '../support/order-children.js';
import { backdatePurchase, changeStatus, inspectionDate, placeOrder } from '../support/orders.js';
import { about, DEMO_ACCOUNTANT, DEMO_OPERATIONS, messagesSince, RUNNER_WAIT_MS, waitFor } from '../support/outbox.js';

const admin = () => demoKey('admin');
const ops = () => demoKey('operations');
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const KIA = { makeEn: 'Kia', modelEn: 'Sorento', year: 2022 };
const VIN = 'KNAPU81BDN7123456';
const unnamedEn = (orderNumber: number) => `the car of order #${orderNumber} (make and model not recorded yet)`;
const unnamedAr = (orderNumber: number) => `سيارة الطلب رقم ${orderNumber} (لم تُسجَّل الماركة والطراز بعد)`;

const data = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};

interface Notification {
  event: string;
  audience: string;
  to: string;
  template?: { name: string; language: string; parameters: string[] };
  text?: string;
}

async function notificationsOf(orderId: string): Promise<Notification[]> {
  return data(await api('GET', `/api/v1/orders/${orderId}/notifications`, { key: admin() }));
}

/** Waits until `count` messages of the order's `event` are listed (the local runner delivers them). */
const messagesFor = (orderId: string, event: string, count: number) =>
  waitFor(
    `${count} ${event} message(s) of order ${orderId}`,
    async () => {
      const found = (await notificationsOf(orderId)).filter((n) => n.event === event);
      return found.length >= count ? found : undefined;
    },
    RUNNER_WAIT_MS,
    200,
  );

/** What the local chat transport sent to `phone` about the order since `since`. */
const sentTo = async (phone: string, orderNumber: number, since: string): Promise<ChatLogEntry[]> =>
  about(await messagesSince(since), orderNumber).filter((m) => m.to === phone);

/** The old fallback: a template parameter that is only "car", or a text that says "(car)" or "the car (18500 AED)". */
function expectNoBareCar(texts: Array<string | undefined>, parameters: string[][] = []): void {
  for (const text of texts) expect(text ?? '').not.toMatch(/\(car\)|\bthe car \(\d/i);
  for (const list of parameters) for (const parameter of list) expect(parameter.trim().toLowerCase()).not.toBe('car');
}

/** The contract message the local chat transport sent to `phone`, by its contract number (order numbers can be the same). */
const contractMessageTo = (phone: string, contractNumber: number, since: string): Promise<ChatLogEntry> =>
  waitFor(`contract #${contractNumber} sent to ${phone}`, async () =>
    (await messagesSince(since)).find(
      (m) =>
        m.to === phone &&
        [`contract #${contractNumber} `, `عقد الشراء رقم #${contractNumber} `].some((words) => m.text?.includes(words)),
    ),
  );

async function customer(body: Record<string, unknown> = {}): Promise<{ id: string; walletId: string; phone: string }> {
  const phone = uniquePhone();
  const created = data(
    await api('POST', '/api/v1/customers', {
      key: admin(),
      body: { name: 'Car Name Customer', mobileNumber: phone, ...body },
    }),
    201,
  );
  return { id: created.id, walletId: created.walletId, phone };
}

describe('the car in the messages of an order placed without a catalogue car', () => {
  it('names the car from the contract: the contract message, the notifications after it and the export reminder say "Kia Sorento 2022"', async () => {
    const since = new Date().toISOString();
    const buyer = await customer();
    data(
      await api('POST', `/api/v1/wallets/${buyer.walletId}/transactions`, {
        key: admin(),
        body: { type: 'credit', amount: 20_000, currency: 'USD', description: 'top up' },
      }),
      201,
    );
    // No carId, and a snapshot that names nothing.
    const order = await placeOrder(admin(), {
      customerId: buyer.id,
      totalAmount: 12_000,
      useWalletBalance: true,
      inspectionDate: inspectionDate(),
      carDetails: {},
    });
    expect(order.carId).toBeUndefined();

    // Before any contract, the order's car is described, not named.
    const created = await messagesFor(order.id, 'order.created', 1);
    const toBuyer = created.find((n) => n.audience === 'customer')!;
    expect(toBuyer.template?.parameters).toContain(unnamedEn(order.orderNumber));

    const inspection = data(
      await api('POST', '/api/v1/inspections', {
        key: admin(),
        body: { orderId: order.id, inspectorId: DEMO_INSPECTOR },
      }),
      201,
    );
    data(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: admin(),
        body: { status: 'InProgress' },
      }),
    );
    data(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: admin(),
        body: { status: 'Completed' },
      }),
    );
    data(await changeStatus(order.id, admin(), { status: 'InspectionCompleted', version: 1 }));
    const contract = data(
      await api('POST', '/api/v1/contracts', {
        key: admin(),
        body: { orderId: order.id, customerName: 'Layla Haddad', carDetails: KIA, vin: VIN },
      }),
      201,
    );

    // The contract itself, to the buyer.
    data(await api('POST', `/api/v1/contracts/${contract.id}/send`, { key: admin(), body: { phone: buyer.phone } }));
    const contractMessage = await contractMessageTo(buyer.phone, contract.contractNumber, since);
    expect(contractMessage.text).toContain(
      `your purchase contract #${contract.contractNumber} for the Kia Sorento 2022 (12,000.00 USD) is ready`,
    );

    // The notifications after it, to the buyer and to staff.
    data(await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, { key: admin() }));
    data(await changeStatus(order.id, admin(), { status: 'ContractSigned', version: 2 }));
    const signed = await messagesFor(order.id, 'contract.signed', 3);
    for (const message of signed) expect(message.template?.parameters, message.audience).toContain('Kia Sorento 2022');
    const toBuyerSigned = signed.find((n) => n.audience === 'customer');
    // The order's tracking link is the last parameter (docs/notifications.md).
    const link = toBuyerSigned?.template?.parameters.at(-1) ?? '';
    expect(link).toMatch(/\/track\/[A-Za-z0-9_-]{32}$/);
    expect(toBuyerSigned?.text).toBe(
      `Hello Car Name Customer, order #${order.orderNumber} (Kia Sorento 2022): your contract is signed. Follow your order: ${link} Reply STOP to stop these messages.`,
    );
    const toStaff = [
      ...(await sentTo(DEMO_ACCOUNTANT.phone, order.orderNumber, since)),
      ...(await sentTo(DEMO_OPERATIONS.phone, order.orderNumber, since)),
    ].filter((m) => m.text?.includes('contract signed'));
    expect(toStaff.length).toBeGreaterThanOrEqual(2);
    for (const message of toStaff)
      expect(message.text).toContain(`Order #${order.orderNumber} (Kia Sorento 2022): contract signed`);

    // The export reminder: the deadline was recorded with no name, so the reminder reads the contract.
    data(await changeStatus(order.id, admin(), { status: 'Purchased', version: 3 }));
    await backdatePurchase(order.id, 30);
    const long = daysFromToday(-28);
    const step = async (name: string, body: Record<string, unknown>) =>
      data(await api('PUT', `/api/v1/orders/${order.id}/export-steps/${name}`, { key: ops(), body }));
    await step('deregistration', { date: long, documentUrl: 'https://files.example.com/dereg.pdf' });
    await step('bonded-area', { date: long });
    await step('export-declaration', { date: daysFromToday(-27), number: 'CARNAME-1' });
    const reminder = await waitFor(
      'the export reminder to operations',
      async () =>
        (await sentTo(DEMO_OPERATIONS.phone, order.orderNumber, since)).find((m) => m.text?.includes('is due on')),
      RUNNER_WAIT_MS,
      500,
    );
    expect(reminder.text).toBe(
      `Order #${order.orderNumber} (Kia Sorento 2022): loading (export declaration) is due on ${daysFromToday(3)}; please record it in time.`,
    );

    // Nothing about this order ever said a bare "car".
    const listed = await notificationsOf(order.id);
    expectNoBareCar(
      [...listed.map((n) => n.text), ...about(await messagesSince(since), order.orderNumber).map((m) => m.text)],
      listed.map((n) => n.template?.parameters ?? []),
    );
  });

  it("says the make and model are not recorded yet, in each reader's language, when nothing names the car", async () => {
    const since = new Date().toISOString();
    const buyer = await customer({ name: 'أحمد سعيد', language: 'ar' });

    const order = await placeOrder(admin(), {
      customerId: buyer.id,
      totalAmount: 9_000,
      receiptAmount: 1_000,
      receiptCurrency: 'USD',
    });

    const created = await messagesFor(order.id, 'order.created', 3);
    const toBuyer = created.find((n) => n.audience === 'customer')!;
    expect(toBuyer.template).toMatchObject({
      language: 'ar',
      parameters: [
        'أحمد سعيد',
        String(order.orderNumber),
        unnamedAr(order.orderNumber),
        expect.stringMatching(/\/track\/[A-Za-z0-9_-]{32}$/),
      ],
    });
    expect(toBuyer.text).toContain(`الطلب #${order.orderNumber} (${unnamedAr(order.orderNumber)})`);
    const staff = created.filter((n) => n.audience === 'accountant' || n.audience === 'operations');
    expect(staff.length).toBeGreaterThanOrEqual(2);
    for (const message of staff) {
      expect(message.template?.language).toBe('en');
      expect(message.text).toBe(
        `Order #${order.orderNumber} (${unnamedEn(order.orderNumber)}): new order placed; deposit to confirm.`,
      );
    }
    const logged = await waitFor('the messages in the chat log', async () => {
      const found = await sentTo(buyer.phone, order.orderNumber, since);
      return found.length > 0 ? found : undefined;
    });
    expect(logged[0]!.text).toContain(unnamedAr(order.orderNumber));
    expectNoBareCar(
      created.map((n) => n.text),
      created.map((n) => n.template?.parameters ?? []),
    );
  });

  it('names the car by its VIN when the contract gives only that, without calling it a car twice', async () => {
    const since = new Date().toISOString();
    const sent = [];
    for (const language of ['en', 'ar'] as const) {
      const buyer = await customer({ language });
      const order = await placeOrder(admin(), { customerId: buyer.id, totalAmount: 9_000, currency: 'AED' });
      const contract = data(
        await api('POST', '/api/v1/contracts', {
          key: admin(),
          body: { orderId: order.id, customerName: 'Layla Haddad', vin: VIN },
        }),
        201,
      );
      data(await api('POST', `/api/v1/contracts/${contract.id}/send`, { key: admin(), body: { phone: buyer.phone } }));
      sent.push((await contractMessageTo(buyer.phone, contract.contractNumber, since)).text);
    }

    expect(sent[0]).toContain(`for the car with VIN ${VIN} (9,000.00 AED) is ready`);
    expect(sent[1]).toContain(`لسيارة ذات رقم الهيكل ${VIN} (9,000.00 AED) جاهز`);
    expectNoBareCar(sent);
  });

  it('describes the car of a contract that names nothing by its order', async () => {
    const since = new Date().toISOString();
    const buyer = await customer();
    const order = await placeOrder(admin(), { customerId: buyer.id, totalAmount: 9_000, currency: 'AED' });
    const contract = data(
      await api('POST', '/api/v1/contracts', {
        key: admin(),
        body: { orderId: order.id, customerName: 'Layla Haddad' },
      }),
      201,
    );

    data(await api('POST', `/api/v1/contracts/${contract.id}/send`, { key: admin(), body: { phone: buyer.phone } }));

    const sent = await contractMessageTo(buyer.phone, contract.contractNumber, since);
    expect(sent.text).toContain(
      `for the car of order #${order.orderNumber} (make and model not recorded yet) (9,000.00 AED) is ready`,
    );
    expectNoBareCar([sent.text]);
  });
});
