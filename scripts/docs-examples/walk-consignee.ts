import type { OrderVersion } from './order-version.js';
import { call } from './recorder.js';
import type { Keys } from './walk-data.js';

/**
 * After the bill of lading: staff record who the car is consigned to (the buyer's page takes it
 * too, until then) and how the original papers travel to the buyer; each refused for a version
 * that is no longer current.
 */
export async function consigneeAndCourier(keys: Keys, current: OrderVersion): Promise<void> {
  const { operations } = keys;
  const { id: orderId, versionOf } = current;
  const consignee = {
    name: 'Al Noor Trading LLC',
    address: 'Office 12, Al Quoz Industrial Area 3',
    city: 'Dubai',
    country: 'United Arab Emirates',
    phone: '+971 50 123 4567',
    email: 'imports@alnoor.example',
    idNumber: 'TL-1048833',
    notifyParty: 'Al Futtaim Logistics, Jebel Ali Free Zone',
  };
  await call('setOrderConsignee', {
    key: operations,
    path: { id: orderId },
    body: { ...consignee, phone: '050 123 4567' },
    expect: 400,
    note: 'a phone number without its country code',
  });
  versionOf(
    (
      await call('setOrderConsignee', {
        key: operations,
        path: { id: orderId },
        headers: { 'If-Match': current.etag },
        body: consignee,
        note: 'the consignee the bill of lading names, recorded by staff (the phone kept in E.164)',
      })
    ).headers,
  );
  await call('setOrderConsignee', {
    key: operations,
    path: { id: orderId },
    headers: { 'If-Match': '"1"' },
    body: consignee,
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('setOrderConsignee', {
    key: operations,
    path: { id: orderId },
    body: { ...consignee, version: 1 },
    expect: 409,
    note: 'body.version is no longer current',
  });

  const parcel = { carrier: 'DHL', trackingNumber: '1234567890', sentAt: new Date().toISOString().slice(0, 10) };
  await call('setDocumentCourier', {
    key: operations,
    path: { id: orderId },
    body: { carrier: 'DHL' },
    expect: 400,
    note: 'a parcel without its tracking number and day sent',
  });
  versionOf(
    (
      await call('setDocumentCourier', {
        key: operations,
        path: { id: orderId },
        headers: { 'If-Match': current.etag },
        body: parcel,
        note: "the original papers sent by DHL: the buyer's page links DHL's tracking page",
      })
    ).headers,
  );
  await call('setDocumentCourier', {
    key: operations,
    path: { id: orderId },
    headers: { 'If-Match': '"1"' },
    body: parcel,
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('setDocumentCourier', {
    key: operations,
    path: { id: orderId },
    body: { ...parcel, version: 1 },
    expect: 409,
    note: 'body.version is no longer current',
  });
}
