import type { Staff } from './screenshot-staff.js';

type Json = Record<string, unknown>;
/** What the script reads of the API's answers. */
interface Row {
  id: string;
  version: number;
  status: string;
  type: string;
  customerPhone: string;
}
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One API call as a staff member; anything but a success stops the script with the answer. */
function caller(baseUrl: string) {
  return async function call<T = Row>(
    key: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

/** Customers and orders at different stages, one of them shipped with everything on its page. */
export async function realisticData(baseUrl: string, staff: Staff): Promise<{ shippedOrderId: string }> {
  const call = caller(baseUrl);
  const { operations, accountant, inspector, marketer } = staff;
  const customer = (name: string, mobileNumber: string, language: 'en' | 'ar', walletCurrency = 'USD') =>
    call(marketer.key, 'POST', '/api/v1/customers', { name, mobileNumber, country: 'AE', language, walletCurrency });
  const layla = await customer('Layla Haddad', '+971501234501', 'en');
  const mohammed = await customer('محمد العتيبي', '+971501234502', 'ar');
  const omar = await customer('Omar Farouk', '+971501234503', 'en');
  const aisha = await customer('Aisha Rahman', '+971501234504', 'en', 'AED');
  const yousef = await customer('يوسف الحربي', '+971501234505', 'ar');

  const order = (customerId: string, car: Json, totalAmount: number, currency: string, deposit: number) =>
    call(marketer.key, 'POST', '/api/v1/orders', {
      customerId,
      carDetails: car,
      totalAmount,
      currency,
      receiptAmount: deposit,
      receiptCurrency: currency,
      receiptDescription: 'Deposit by bank transfer',
      receiptFileUrl: 'https://files.example.com/receipts/deposit.pdf',
    });
  const move = async (key: string, id: string, status: string, extra: Json = {}) => {
    const { version } = await call(key, 'GET', `/api/v1/orders/${id}`);
    await call(key, 'PATCH', `/api/v1/orders/${id}/status`, { status, version, ...extra });
  };
  const confirmReceipts = async (id: string) => {
    for (const entry of await call<Row[]>(accountant.key, 'GET', `/api/v1/orders/${id}/billing`))
      if (entry.status === 'Pending' && entry.type === 'receipt')
        await call(accountant.key, 'PATCH', `/api/v1/billing/${entry.id}/confirm`);
  };
  const inspected = async (id: string) => {
    await confirmReceipts(id);
    await move(accountant.key, id, 'DepositConfirmed');
    await move(operations.key, id, 'InspectionScheduled', { inspectionDate: `${day(-6)}T06:30:00.000Z` });
    const inspection = await call(inspector.key, 'POST', '/api/v1/inspections', {
      orderId: id,
      inspectorId: inspector.userId,
      inspectionDate: `${day(-6)}T06:30:00.000Z`,
      notes: 'Pyeongtaek yard, bay 14',
    });
    await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, { status: 'InProgress' });
    await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, {
      status: 'Completed',
      notes: 'No accident history; light scratches on the rear bumper.',
      pdfReportUrl: 'https://files.example.com/inspections/report.pdf',
    });
    await move(inspector.key, id, 'InspectionCompleted');
  };
  const purchased = async (id: string, customerName: string, total: number, currency: string, deposit: number) => {
    await inspected(id);
    const contract = await call(operations.key, 'POST', '/api/v1/contracts', {
      orderId: id,
      customerName,
      totalAmount: total,
      currency,
      terms: 'Delivery to Jebel Ali port.',
    });
    await call(operations.key, 'POST', `/api/v1/contracts/${contract.id}/send`, { phone: contract.customerPhone });
    await call(operations.key, 'PATCH', `/api/v1/contracts/${contract.id}/sign`, {});
    await move(operations.key, id, 'ContractSigned');
    await move(operations.key, id, 'PaymentSubmitted');
    await call(operations.key, 'POST', '/api/v1/billing', {
      orderId: id,
      type: 'receipt',
      amount: total - deposit,
      currency,
      description: 'Balance by bank transfer',
      receiptFileUrl: 'https://files.example.com/receipts/balance.pdf',
    });
    await confirmReceipts(id);
    await move(accountant.key, id, 'PaymentConfirmed');
    await move(operations.key, id, 'Purchased');
  };
  const step = (id: string, name: string, body: Json) =>
    call(operations.key, 'PUT', `/api/v1/orders/${id}/export-steps/${name}`, body);

  // Shipped, with every panel filled: the order page's picture.
  const shipped = await order(
    layla.id,
    { makeEn: 'Hyundai', modelEn: 'Palisade', year: 2022, vin: 'KMHR381ABNU123456', color: 'White' },
    18_500,
    'USD',
    2_000,
  );
  await purchased(shipped.id, 'Layla Haddad', 18_500, 'USD', 2_000);
  await step(shipped.id, 'deregistration', {
    date: day(-5),
    documentUrl: 'https://files.example.com/export/dereg.pdf',
  });
  await step(shipped.id, 'bonded-area', { date: day(-4), location: 'Pyeongtaek bonded yard' });
  await step(shipped.id, 'export-declaration', { date: day(-3), number: '12345-26-000123X' });
  await call(operations.key, 'PATCH', `/api/v1/orders/${shipped.id}/customs-invoice`, {
    buyerName: 'Layla Haddad',
    buyerAddress: 'Al Quoz 3, Dubai',
    buyerPhone: '+971501234501',
    carMake: 'Hyundai',
    carModel: 'Palisade',
    carVin: 'KMHR381ABNU123456',
    carYear: 2022,
    carColor: 'White',
    items: [{ description: 'Hyundai Palisade 2022', amount: 18_500 }],
    currency: 'USD',
    language: 'en',
  });
  await call(operations.key, 'PATCH', `/api/v1/orders/${shipped.id}/shipment`, {
    method: 'roro',
    bookingNumber: 'GLVS-BK-2611-0457',
    carrier: 'Hyundai Glovis',
    vessel: 'Glovis Sirius',
    voyage: '026W',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'AEJEA',
    etd: day(-2),
    eta: day(19),
    atd: day(-2),
    billOfLadingNumber: 'GLVS2611BL0457',
    billOfLadingUrl: 'https://files.example.com/export/bl-0457.pdf',
  });
  await move(operations.key, shipped.id, 'Shipped');
  await call(accountant.key, 'POST', `/api/v1/orders/${shipped.id}/documents`, {
    type: 'proforma-invoice',
    language: 'en',
  });

  // Purchased, its export declaration accepted 20 days ago: loading due within 10 days (Today's deadlines).
  const loading = await order(
    yousef.id,
    { makeEn: 'Kia', modelEn: 'Carnival', year: 2022, color: 'Silver' },
    31_000,
    'USD',
    4_000,
  );
  await purchased(loading.id, 'يوسف الحربي', 31_000, 'USD', 4_000);
  await step(loading.id, 'deregistration', {
    date: day(-24),
    documentUrl: 'https://files.example.com/export/dereg-2.pdf',
  });
  await step(loading.id, 'bonded-area', { date: day(-22), location: 'Incheon bonded yard' });
  await step(loading.id, 'export-declaration', { date: day(-20), number: '12345-26-000098X' });

  // Inspected, waiting on its contract; deposit confirmed, waiting on an inspection date; a new one.
  const inspectedOrder = await order(
    aisha.id,
    { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2023, color: 'Blue' },
    88_000,
    'AED',
    10_000,
  );
  await inspected(inspectedOrder.id);
  const confirmed = await order(
    mohammed.id,
    { makeEn: 'Kia', modelEn: 'Sorento', year: 2021, color: 'Black' },
    21_000,
    'USD',
    3_000,
  );
  await confirmReceipts(confirmed.id);
  await move(accountant.key, confirmed.id, 'DepositConfirmed');
  await order(omar.id, { makeEn: 'Genesis', modelEn: 'GV80', year: 2023, color: 'Grey' }, 52_000, 'USD', 5_000);
  return { shippedOrderId: shipped.id };
}
