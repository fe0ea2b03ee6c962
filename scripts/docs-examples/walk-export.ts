import type { OrderVersion } from './order-version.js';
import { type CallOptions, call, type Json } from './recorder.js';
import { dayOf, type Keys } from './walk-data.js';

/** Customs and export: the customs invoice and papers, the export steps, the voyage, Shipped and Delivered. */
export async function shipAndDeliver(keys: Keys, current: OrderVersion, car: Json, startedAt: number): Promise<void> {
  const { operations, integrator } = keys;
  const { id: orderId, move, versionOf } = current;
  // Customs and export.
  await call('generateOrderDocument', {
    key: operations,
    path: { id: orderId },
    body: { type: 'customs-invoice' },
    expect: 409,
    note: 'the customs invoice is not stored yet',
  });
  const customsInvoice = {
    buyerName: 'Layla Haddad',
    buyerAddress: 'Dubai Marina, Dubai',
    buyerPhone: '+971501234567',
    carMake: car.makeEn,
    carModel: car.modelEn,
    carYear: car.year,
    carVin: 'KNAPU81BDN7123456',
    fuelType: car.fuelType,
    engineCapacityCc: car.displacement ?? 1998,
    portOfDischarge: 'Jebel Ali, UAE',
    paymentTerms: '100% paid in advance by bank transfer before shipment',
    items: [
      { description: `${car.makeEn} ${car.modelEn} ${car.year}`, amount: 17000 },
      { description: 'Shipping to Jebel Ali', amount: 1500 },
    ],
    currency: 'USD',
    language: 'en',
  };
  const customs = await call('setCustomsInvoice', {
    key: operations,
    path: { id: orderId },
    headers: { 'If-Match': current.etag },
    body: customsInvoice,
  });
  versionOf(customs.headers);
  /** The stale versions a change of the order is refused for: If-Match (412) and body.version (409). */
  const staleVersions = async (id: string, body: Json, options: CallOptions = {}) => {
    await call(id, {
      key: operations,
      path: { id: orderId },
      headers: { 'If-Match': '"1"' },
      body,
      expect: 412,
      note: 'If-Match names a version that is no longer current',
      ...options,
    });
    await call(id, {
      key: operations,
      path: { id: orderId },
      body: { ...body, version: 1 },
      expect: 409,
      note: 'body.version is no longer current',
      ...options,
    });
  };
  await staleVersions('setCustomsInvoice', customsInvoice);
  const customsDocuments = {
    documents: [
      {
        type: 'export-certificate',
        url: 'https://files.example.com/customs/ec-1042.pdf',
        uploadedAt: new Date(startedAt).toISOString(),
      },
    ],
  };
  versionOf(
    (
      await call('addCustomsDocuments', {
        key: operations,
        path: { id: orderId },
        headers: { 'If-Match': current.etag },
        body: customsDocuments,
      })
    ).headers,
  );
  await staleVersions('addCustomsDocuments', customsDocuments);
  await call('generateOrderDocument', { key: operations, path: { id: orderId }, body: { type: 'customs-invoice' } });
  // The invoice's number is kept on the order: a change, so its version moved on.
  versionOf((await call('getOrder', { key: operations, path: { id: orderId }, skip: true })).headers);
  await call('listOrderDocuments', { key: integrator, path: { id: orderId } });
  const today = dayOf(startedAt);
  const inDays = (n: number) => dayOf(startedAt + n * 86_400_000);
  const step = async (name: string, body: Json, options: CallOptions = {}) =>
    versionOf(
      (
        await call('recordExportStep', {
          key: operations,
          path: { id: orderId, step: name },
          headers: { 'If-Match': current.etag },
          body,
          ...options,
        })
      ).headers,
    );
  await step('deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg-1042.pdf' });
  await call('recordExportStep', {
    key: operations,
    path: { id: orderId, step: 'deregistration' },
    headers: { 'If-Match': '"1"' },
    body: { date: today, documentUrl: 'https://files.example.com/export/dereg-1042.pdf' },
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('recordExportStep', {
    key: operations,
    path: { id: orderId, step: 'completion-report' },
    body: { date: today },
    expect: 409,
    note: 'an export step before the one it follows',
  });
  await step('bonded-area', { date: today, location: 'Incheon bonded yard' }, { skip: true });
  await step(
    'export-declaration',
    { date: today, number: '12345-26-000123X' },
    { keep: true, note: 'the export declaration: the car must be loaded by loadBy' },
  );
  await call('listExportDeadlines', { key: operations, query: { before: inDays(60) } });
  const ship = async (body: Json, options: CallOptions = {}) =>
    versionOf(
      (
        await call('updateShipment', {
          key: operations,
          path: { id: orderId },
          headers: { 'If-Match': current.etag },
          body,
          ...options,
        })
      ).headers,
    );
  await ship(
    {
      method: 'roro',
      bookingNumber: 'BK-55121',
      carrier: 'Hyundai Glovis',
      vessel: 'Glovis Sirius',
      voyage: '031W',
      portOfLoading: 'KRPTK',
      portOfDischarge: 'AEJEA',
      etd: today,
      eta: inDays(22),
    },
    { skip: true },
  );
  await staleVersions('updateShipment', { vessel: 'Glovis Sirius', voyage: '032W' });
  await call('validateOrderTransition', {
    key: operations,
    path: { id: orderId },
    body: { targetStatus: 'Shipped' },
    skip: true,
  });
  await ship(
    {
      billOfLadingNumber: 'GLVS2611BL0457',
      billOfLadingUrl: 'https://files.example.com/export/bl-1042.pdf',
      atd: today,
    },
    { note: 'the car is loaded: bill of lading and departure' },
  );
  await move(operations, 'Shipped');
  await step(
    'completion-report',
    { date: today, documentUrl: 'https://files.example.com/export/completion-1042.pdf' },
    { skip: true },
  );
  await ship({ ata: today }, { skip: true });
  await move(operations, 'Delivered');
  await call('changeOrderStatus', {
    key: operations,
    path: { id: orderId },
    headers: { 'If-Match': current.etag },
    body: { status: 'Cancelled' },
    expect: 422,
    skip: true,
  });
}
