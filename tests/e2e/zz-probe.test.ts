import { describe, expect, it } from 'vitest';
import { CHAT_FAIL_NUMBER } from '../support/global-setup.js';
import { api } from '../support/http.js';
import { gulfOrder } from '../support/order-children.js';
import { accountantKey } from '../support/orders.js';

const acct = () => accountantKey();
describe('probe', () => {
  it('probes', async () => {
    const order = await gulfOrder();
    const c = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: order.id, customerName: 'X' } });
    const id = c.body.data.id;
    const fail = await api('POST', `/api/v1/contracts/${id}/send`, { key: acct(), body: { phone: CHAT_FAIL_NUMBER } });
    console.log('502', fail.text);
    const big = await api('PATCH', `/api/v1/contracts/${id}/sign`, { key: acct(), body: { signedDocument: { size: 9007199254740993 } } });
    console.log('bignum', big.status, big.text.slice(0, 300));
    const c2 = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: order.id, customerName: 'X' } });
    const small = await api('PATCH', `/api/v1/contracts/${c2.body.data.id}/sign`, { key: acct(), body: { signedDocument: { tiny: 1e-7, huge: 1e200, neg: -0 } } });
    console.log('tiny', small.status, small.text.slice(0, 400));
    // size
    const pad = 'x'.repeat(200_000);
    const c3 = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: order.id, customerName: 'X', carDetails: { blob: pad } } });
    console.log('big create', c3.status, c3.text.slice(0, 200));
    const s3 = await api('PATCH', `/api/v1/contracts/${c3.body.data?.id}/sign`, { key: acct(), body: { signedDocument: { blob: pad } } });
    console.log('big sign', s3.status, s3.text.slice(0, 300));
    const o2 = await gulfOrder();
    for (let i = 0; i < 7; i++) {
      const r = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: o2.id, customerName: `X${i}`, carDetails: { blob: pad } } });
      if (r.status !== 201) console.log('create', i, r.status, r.text.slice(0, 200));
    }
    const list = await api('GET', `/api/v1/orders/${o2.id}/contracts`, { key: acct() });
    console.log('list', list.status, Array.isArray(list.body.data) ? list.body.data.length : list.text.slice(0, 300));
    const detail = await api('GET', `/api/v1/orders/${o2.id}`, { key: acct() });
    console.log('detail', detail.status);
    const abc = await api('POST', '/api/v1/billing', { key: acct(), body: { orderId: order.id, type: 'receipt', amount: 1, currency: 'ABC', description: 'x' } });
    console.log('ABC', abc.status);
    const sd = await api('PATCH', `/api/v1/contracts/${c2.body.data.id}/sign`, { key: acct(), body: { signedDocument: 'just a string' } });
    console.log('string sd', sd.status);
    const c4 = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: order.id, customerName: 'X' } });
    const sd2 = await api('PATCH', `/api/v1/contracts/${c4.body.data.id}/sign`, { key: acct(), body: { signedDocument: [1, 'a', { b: null }] } });
    console.log('array sd', sd2.status, sd2.text.slice(0, 300));
    const c5 = await api('POST', '/api/v1/contracts', { key: acct(), body: { orderId: order.id, customerName: 'X' } });
    const sd3 = await api('PATCH', `/api/v1/contracts/${c5.body.data.id}/sign`, { key: acct(), body: { signedDocument: { '': 'empty key', s: '' , set: [] } } });
    console.log('empty key sd', sd3.status, sd3.text.slice(0, 300));
    expect(1).toBe(1);
  });
});
