import type { OrderVersion } from './order-version.js';
import { call } from './recorder.js';
import { CHAT_FAIL_NUMBER, type Keys } from './walk-data.js';

/** The contract: drafted, edited, sent on WhatsApp, signed (and what each step refuses). */
export async function signContract(keys: Keys, current: OrderVersion): Promise<void> {
  const { operations, integrator } = keys;
  const { id: orderId, move } = current;
  // Contract: drafted, edited, sent on WhatsApp, signed.
  const contract = (
    await call('createContract', {
      key: operations,
      body: {
        orderId,
        customerName: 'Layla Haddad',
        customerNameAr: 'ليلى حداد',
        vin: 'KNAPU81BDN7123456',
        color: 'White',
        mileage: '42,000 km',
        terms: 'Payment in full before shipping.',
      },
    })
  ).body.data;
  await call('getContract', { key: integrator, path: { id: contract.id } });
  await call('updateContract', {
    key: operations,
    path: { id: contract.id },
    headers: { 'If-Match': '"1"' },
    body: { notes: 'Delivery to Jebel Ali port' },
  });
  await call('updateContract', {
    key: operations,
    path: { id: contract.id },
    headers: { 'If-Match': '"1"' },
    body: { notes: 'Delivery to Jebel Ali port, Dubai' },
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('sendContract', {
    key: operations,
    path: { id: contract.id },
    headers: { 'If-Match': '"1"' },
    body: { phone: '+971501234567' },
    expect: 412,
    note: 'If-Match names a version that is no longer current: nothing is sent',
  });
  await call('sendContract', {
    key: operations,
    path: { id: contract.id },
    body: { phone: '+971501234567', signingLink: 'https://sign.example.com/c/1042' },
  });
  const spare = (
    await call('createContract', { key: operations, body: { orderId, customerName: 'Layla Haddad' }, skip: true })
  ).body.data;
  await call('sendContract', {
    key: operations,
    path: { id: spare.id },
    body: { phone: CHAT_FAIL_NUMBER },
    expect: 502,
    note: 'WhatsApp refused the message; the contract stays Draft',
  });
  await call('signContract', {
    key: operations,
    path: { id: contract.id },
    headers: { 'If-Match': '"1"' },
    body: {},
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('signContract', {
    key: operations,
    path: { id: contract.id },
    body: {
      signedDocument: {
        url: 'https://files.example.com/contracts/c-1042-signed.pdf',
        filename: 'c-1042-signed.pdf',
        mimeType: 'application/pdf',
        size: 184211,
      },
    },
  });
  await call('updateContract', {
    key: operations,
    path: { id: contract.id },
    body: { notes: 'too late' },
    expect: 409,
    note: 'the contract is no longer Draft',
  });
  await call('sendContract', {
    key: operations,
    path: { id: contract.id },
    body: { phone: '+971501234567' },
    expect: 409,
    note: 'the contract is signed already',
  });
  await call('signContract', {
    key: operations,
    path: { id: contract.id },
    body: {},
    expect: 409,
    note: 'the contract is signed already',
  });
  await call('listOrderContracts', { key: integrator, path: { id: orderId } });
  await move(operations, 'ContractSigned');
}
