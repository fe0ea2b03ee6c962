/**
 * One order walked through the API by the staff who do each step, from a catalogue car to its
 * delivery, stopping at the stages the buyer's page is looked at: scripts/tracking/screenshots.ts
 * takes the README's pictures there, tests/e2e/tracking-page-browser.test.ts checks the page.
 */

/** One API call as a staff member, answering the response's `data`; it must fail on anything but a success. */
export type Call = <T = unknown>(key: string, method: string, path: string, body?: unknown) => Promise<T>;

interface Person {
  key: string;
  userId: string;
}
export type WalkStaff = Record<'operations' | 'accountant' | 'inspector' | 'marketer', Person>;

/** When the buyer's page is looked at: just after the deposit, on the water, delivered. */
export type Stage = 'deposit' | 'shipped' | 'delivered';

/** What the walked order is, for what the buyer's page should show of it. */
export interface WalkedOrder {
  id: string;
  orderNumber: number;
  /** The buyer's link, as GET /api/v1/orders/{id} answers it. */
  trackingUrl: string;
  customerName: string;
  car: { makeEn: string; modelEn: string; year: number; vin: string };
  currency: 'USD';
  totalAmount: number;
  deposit: number;
  vessel: string;
  /** The voyage's expected arrival (YYYY-MM-DD). */
  eta: string;
}

const TOTAL = 24_800;
const DEPOSIT = 3_000;
const VESSEL = 'Glovis Sirius';
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Car {
  id: number;
  makeEn: string;
  modelEn: string;
  year: number;
  vin?: string;
  fuelType: string;
  displacement?: number;
  color?: string;
  images: string[];
}

/**
 * One order from a catalogue car, walked from the marketer's order with its deposit receipt to
 * the delivery, each step by the role that does it (the README's getting-started). `atStage` is
 * called just after the deposit (DepositSubmitted), on the water (Shipped, with the vessel and an
 * ETA; inspected with photos, papers generated) and once Delivered.
 */
export async function walkOrder(
  call: Call,
  staff: WalkStaff,
  buyer: { name: string; mobileNumber: string },
  atStage: (stage: Stage, order: WalkedOrder) => Promise<void>,
): Promise<WalkedOrder> {
  const { operations, accountant, inspector, marketer } = staff;
  const today = day(0);

  // A catalogue car with its VIN and a few pictures (served by the stack's S3 emulator).
  let car: Car | undefined;
  for (const { id } of await call<Array<{ id: number }>>(marketer.key, 'GET', '/api/v1/cars?limit=30')) {
    const candidate = await call<Car>(marketer.key, 'GET', `/api/v1/cars/${id}`);
    if (candidate.vin && candidate.displacement && candidate.images.length >= 4) {
      car = candidate;
      break;
    }
  }
  if (!car?.vin) throw new Error('no catalogue car with a VIN, an engine and four pictures among the first 30');
  const photos = car.images.slice(0, 4);

  const customer = await call<{ id: string }>(marketer.key, 'POST', '/api/v1/customers', {
    name: buyer.name,
    mobileNumber: buyer.mobileNumber,
    country: 'AE',
    language: 'ar',
  });
  const created = await call<{ id: string; orderNumber: number }>(marketer.key, 'POST', '/api/v1/orders', {
    customerId: customer.id,
    carId: car.id,
    totalAmount: TOTAL,
    currency: 'USD',
    receiptAmount: DEPOSIT,
    receiptCurrency: 'USD',
    receiptDescription: 'Deposit by bank transfer',
    receiptFileUrl: 'https://files.example.com/receipts/deposit.pdf',
  });
  const detail = await call<{ trackingLink: { url: string } }>(marketer.key, 'GET', `/api/v1/orders/${created.id}`);
  const order: WalkedOrder = {
    id: created.id,
    orderNumber: created.orderNumber,
    trackingUrl: detail.trackingLink.url,
    customerName: buyer.name,
    car: { makeEn: car.makeEn, modelEn: car.modelEn, year: car.year, vin: car.vin },
    currency: 'USD',
    totalAmount: TOTAL,
    deposit: DEPOSIT,
    vessel: VESSEL,
    eta: day(21),
  };

  const move = async (key: string, status: string, extra: Record<string, unknown> = {}) => {
    const { version } = await call<{ version: number }>(key, 'GET', `/api/v1/orders/${order.id}`);
    await call(key, 'PATCH', `/api/v1/orders/${order.id}/status`, { status, version, ...extra });
  };
  const confirmReceipts = async () => {
    for (const entry of await call<Array<{ id: string; type: string; status: string }>>(
      accountant.key,
      'GET',
      `/api/v1/orders/${order.id}/billing`,
    ))
      if (entry.type === 'receipt' && entry.status === 'Pending')
        await call(accountant.key, 'PATCH', `/api/v1/billing/${entry.id}/confirm`);
  };
  const step = (name: string, body: Record<string, unknown>) =>
    call(operations.key, 'PUT', `/api/v1/orders/${order.id}/export-steps/${name}`, body);

  // (a) The deposit is in, not yet confirmed.
  await atStage('deposit', order);

  // The accountant confirms it; operations book the inspection; the inspector does it, with photos.
  await confirmReceipts();
  await move(accountant.key, 'DepositConfirmed');
  const inspectionDate = `${today}T06:30:00.000Z`;
  await move(operations.key, 'InspectionScheduled', { inspectionDate });
  const inspection = await call<{ id: string }>(operations.key, 'POST', '/api/v1/inspections', {
    orderId: order.id,
    inspectorId: inspector.userId,
    inspectionDate,
    notes: 'Pyeongtaek yard, bay 14',
  });
  await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, { status: 'InProgress' });
  await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, {
    status: 'Completed',
    notes: 'No accident history; light scratches on the rear bumper.',
    photos: photos.map((url, index) => ({ url, type: 'exterior', caption: `Photo ${index + 1}` })),
    pdfReportUrl: 'https://files.example.com/inspections/report.pdf',
  });
  await move(inspector.key, 'InspectionCompleted');

  // Operations: the contract, sent and signed; the balance; the accountant confirms it.
  const contract = await call<{ id: string; customerPhone: string }>(operations.key, 'POST', '/api/v1/contracts', {
    orderId: order.id,
    customerName: buyer.name,
    totalAmount: TOTAL,
    currency: 'USD',
    terms: 'Delivery to Jebel Ali port.',
  });
  await call(operations.key, 'POST', `/api/v1/contracts/${contract.id}/send`, { phone: contract.customerPhone });
  await call(operations.key, 'PATCH', `/api/v1/contracts/${contract.id}/sign`, {});
  await move(operations.key, 'ContractSigned');
  await move(operations.key, 'PaymentSubmitted');
  await call(operations.key, 'POST', '/api/v1/billing', {
    orderId: order.id,
    type: 'receipt',
    amount: TOTAL - DEPOSIT,
    currency: 'USD',
    description: 'Balance by bank transfer',
    receiptFileUrl: 'https://files.example.com/receipts/balance.pdf',
  });
  await confirmReceipts();
  await move(accountant.key, 'PaymentConfirmed');

  // Operations: bought, exported, booked and loaded; the papers the buyer downloads.
  await move(operations.key, 'Purchased');
  await step('deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg.pdf' });
  await step('bonded-area', { date: today, location: 'Pyeongtaek bonded yard' });
  await step('export-declaration', { date: today, number: '12345-26-000123X' });
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
    buyerName: buyer.name,
    buyerAddress: 'Al Quoz 3, Dubai',
    buyerPhone: buyer.mobileNumber,
    carMake: car.makeEn,
    carModel: car.modelEn,
    carVin: car.vin,
    carYear: car.year,
    ...(car.color ? { carColor: car.color } : {}),
    fuelType: car.fuelType,
    engineCapacityCc: car.displacement,
    items: [{ description: `${car.makeEn} ${car.modelEn} ${car.year}`, amount: TOTAL }],
    currency: 'USD',
    language: 'en',
  });
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/shipment`, {
    method: 'roro',
    bookingNumber: 'GLVS-BK-2611-0457',
    carrier: 'Hyundai Glovis',
    vessel: VESSEL,
    voyage: '026W',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'AEJEA',
    etd: today,
    eta: order.eta,
    atd: today,
    billOfLadingNumber: 'GLVS2611BL0457',
    billOfLadingUrl: 'https://files.example.com/export/bl-0457.pdf',
  });
  await move(operations.key, 'Shipped');
  await call(operations.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'contract' });
  await call(operations.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'customs-invoice' });
  await call(accountant.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'proforma-invoice' });

  // (b) On the water.
  await atStage('shipped', order);

  // Arrived, and handed over.
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/shipment`, { ata: today });
  await move(operations.key, 'Delivered');

  // (c) Delivered.
  await atStage('delivered', order);
  return order;
}
