import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import { CHAT_FAIL_NUMBER } from '../support/global-setup.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import {
  DEMO_INSPECTOR,
  DEMO_MARKETER,
  gulfOrder,
  messagesTo,
  seoulKey,
  seoulOrder,
  UNKNOWN_ID,
} from '../support/order-children.js';
import {
  accountantKey,
  changeStatus,
  credit,
  inspectionDate,
  newCustomer,
  orderDetail,
  placeOrder,
} from '../support/orders.js';

const acct = () => accountantKey();
const ops = () => demoKey('operations');
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

const createContract = (key: string, body: unknown) => api('POST', '/api/v1/contracts', { key, body });
const updateContract = (id: string, key: string, body: unknown) =>
  api('PATCH', `/api/v1/contracts/${id}`, { key, body });
const sendContract = (id: string, key: string, body: unknown) =>
  api('POST', `/api/v1/contracts/${id}/send`, { key, body });
const signContract = (id: string, key: string, body: unknown = {}) =>
  api('PATCH', `/api/v1/contracts/${id}/sign`, { key, body });

async function getContract(id: string, key = acct()): Promise<any> {
  const res = await api('GET', `/api/v1/contracts/${id}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function contractsOf(orderId: string, key = acct()): Promise<any[]> {
  const res = await api('GET', `/api/v1/orders/${orderId}/contracts`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** A Draft contract for the order (a fresh Gulf order when none is given). */
async function draft(body: Record<string, unknown> = {}, key = acct()): Promise<any> {
  const orderId = (body.orderId as string | undefined) ?? (await gulfOrder()).id;
  const res = await createContract(key, { customerName: 'Ahmed Al Mansouri', ...body, orderId });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function customerWithEmail(): Promise<{ id: string; mobileNumber: string; email: string }> {
  const res = await api('POST', '/api/v1/customers', {
    key: demoKey('integrator'),
    body: { name: 'Contract Customer', mobileNumber: uniquePhone(), email: `buyer.${Date.now()}@example.com` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe('POST /api/v1/contracts', () => {
  it('creates a Draft with an integer contractNumber, taking customer and car fields from the order when not given', async () => {
    const customer = await customerWithEmail();
    const carDetails = {
      makeEn: 'Kia',
      modelEn: 'Sorento',
      year: 2022,
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      kilometers: 42_000,
    };
    const order = await placeOrder(acct(), {
      customerId: customer.id,
      totalAmount: 18_500,
      currency: 'AED',
      carDetails,
    });

    const res = await createContract(acct(), {
      orderId: order.id,
      customerName: 'Ahmed Al Mansouri',
      customerNameAr: 'أحمد المنصوري',
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.success).toBe(true);
    const contract = res.body.data;
    expect(contract).toMatchObject({
      orderId: order.id,
      status: 'Draft',
      customerName: 'Ahmed Al Mansouri',
      customerNameAr: 'أحمد المنصوري',
      customerPhone: customer.mobileNumber,
      customerEmail: customer.email,
      carDetails: order.carDetails,
      totalAmount: 18_500,
      currency: 'AED',
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      mileage: '42000 km',
      pdfUrl: null,
    });
    expect(Number.isInteger(contract.contractNumber)).toBe(true);
    expect(contract.contractNumber).toBeGreaterThan(0);
    expect(contract.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(contract.sentAt).toBeUndefined();
    expect(contract.signedAt).toBeUndefined();
    expect(contract.tenantId).toBeUndefined();
    expect(contract.createdAt).toBe(contract.updatedAt);
    expect(Date.parse(contract.createdAt)).not.toBeNaN();
  });

  it('keeps the customer, car and amount fields the body gives over those of the order', async () => {
    const order = await gulfOrder();
    const given = {
      customerPhone: '+971501234567',
      customerEmail: 'other@example.com',
      customerIdNumber: 'P1234567',
      customerAddress: 'Dubai Marina, Tower 3',
      customerCountry: 'AE',
      customerIdDocument: { url: 'https://files.example.com/id/p1234567.pdf', type: 'passport' },
      carDetails: { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2023 },
      totalAmount: 0,
      currency: 'KRW',
      vin: 'KMHJ381ABPU000001',
      mileage: '12000 km',
      color: 'Black',
      terms: 'Delivery within 60 days.',
      notes: 'Deposit already paid.',
    };

    const contract = await draft({ orderId: order.id, ...given });

    expect(contract).toMatchObject(given);
  });

  it('takes currency and totalAmount from the order when the body has neither', async () => {
    const krwOrder = await gulfOrder({ currency: 'KRW', totalAmount: 25_000_000 });
    const usdOrder = await gulfOrder({ currency: undefined, totalAmount: 9_000 });

    const krw = await draft({ orderId: krwOrder.id });
    const usd = await draft({ orderId: usdOrder.id });

    expect(krw).toMatchObject({ currency: 'KRW', totalAmount: 25_000_000 });
    expect(usd).toMatchObject({ currency: 'USD', totalAmount: 9_000 });
  });

  it('lets a marketer create a contract for an order assigned to them', async () => {
    const order = await gulfOrder({ marketerId: DEMO_MARKETER });

    const res = await createContract(demoKey('marketer'), { orderId: order.id, customerName: 'Marketer Buyer' });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data.status).toBe('Draft');
  });

  it.each([
    ['an unknown order', async () => UNKNOWN_ID],
    ['an order of another tenant', async () => (await seoulOrder()).id as string],
  ])('answers 404 NOT_FOUND for %s and creates nothing', async (_label, orderOf) => {
    const orderId = await orderOf();

    const res = await createContract(acct(), { orderId, customerName: 'Nobody' });

    expect(res.status, res.text).toBe(404);
    expect(res.body).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND' });
    if (orderId !== UNKNOWN_ID) expect(await contractsOf(orderId, await seoulKey('operations'))).toEqual([]);
  });

  it('answers 404 to a marketer for an order that is not assigned to them, and creates nothing', async () => {
    const order = await gulfOrder();

    const res = await createContract(demoKey('marketer'), { orderId: order.id, customerName: 'Not Mine' });

    expect(res.status).toBe(404);
    expect(await contractsOf(order.id)).toEqual([]);
  });

  it.each([
    ['an integrator', 'integrator'],
    ['an inspector', 'inspector'],
  ] as const)('answers 403 FORBIDDEN to %s and creates nothing', async (_label, role) => {
    const order = await gulfOrder();

    const res = await createContract(demoKey(role), { orderId: order.id, customerName: 'Forbidden' });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, statusCode: 403, code: 'FORBIDDEN' });
    expect(await contractsOf(order.id)).toEqual([]);
  });

  describe('malformed bodies', () => {
    it.each([
      ['no customerName', { customerName: undefined }, 'body.customerName'],
      ['an empty customerName', { customerName: '' }, 'body.customerName'],
      ['a customerName that is a number', { customerName: 42 }, 'body.customerName'],
      ['no orderId', { orderId: undefined }, 'body.orderId'],
      ['an orderId that is not a CUID', { orderId: 'NOT-AN-ID' }, 'body.orderId'],
      ['an orderId that is a number', { orderId: 12 }, 'body.orderId'],
      ['a totalAmount that is a string', { totalAmount: '100' }, 'body.totalAmount'],
      ['a negative totalAmount', { totalAmount: -0.01 }, 'body.totalAmount'],
      ['the currency EUR', { currency: 'EUR' }, 'body.currency'],
      ['a lower-case currency', { currency: 'usd' }, 'body.currency'],
      ['an unknown field', { discount: 10 }, 'body.discount'],
      ['a customerEmail that is not an email', { customerEmail: 'not-an-email' }, 'body.customerEmail'],
      ['carDetails that are a string', { carDetails: 'Kia Sorento' }, 'body.carDetails'],
      [
        'a customerIdDocument url that is not a URL',
        { customerIdDocument: { url: 'passport.pdf', type: 'passport' } },
        'body.customerIdDocument.url',
      ],
      ['a vin longer than 17 characters', { vin: 'KNAPU81BDN71234567' }, 'body.vin'],
      ['a customerPhone that is a number', { customerPhone: 971501234567 }, 'body.customerPhone'],
      ['a USD totalAmount with three decimals', { totalAmount: 10.555, currency: 'USD' }, 'body.totalAmount'],
      ['a KRW totalAmount with decimals', { totalAmount: 10.5, currency: 'KRW' }, 'body.totalAmount'],
    ])('answers 400 VALIDATION_ERROR for %s and creates nothing', async (_label, change, field) => {
      const order = await gulfOrder();
      const body = JSON.parse(JSON.stringify({ orderId: order.id, customerName: 'Valid Name', ...change }));

      const res = await createContract(acct(), body);

      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await contractsOf(order.id)).toEqual([]);
    });

    it('answers 400 INVALID_JSON for a body that is not JSON', async () => {
      const res = await api('POST', '/api/v1/contracts', {
        key: acct(),
        rawBody: '{"orderId":',
        headers: { 'Content-Type': 'application/json' },
      });

      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });
  });

  it('gives 20 concurrent creations 20 distinct, consecutive contract numbers', async () => {
    const order = await gulfOrder();

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createContract(acct(), { orderId: order.id, customerName: `Concurrent ${i}` }),
      ),
    );

    expect(tally(results.map((r) => r.status))).toEqual({ 201: 20 });
    const numbers = results.map((r) => r.body.data.contractNumber as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    const [min, max] = [numbers[0]!, numbers.at(-1)!];
    // The counter is global: a contract another test file created meanwhile may sit between ours.
    // Every number from min to max must still belong to exactly one contract. Alone, max - min is 19.
    const inRange = (await allContractNumbers()).filter((n) => n >= min && n <= max).sort((a, b) => a - b);
    console.info(
      `20 concurrent contract creations: contractNumbers ${min}..${max} (${inRange.length - 20} of other tests interleaved)`,
    );
    expect(inRange).toEqual(Array.from({ length: max - min + 1 }, (_, i) => min + i));
    expect(await contractsOf(order.id)).toHaveLength(20);
  });
});

/** Every contractNumber in the table (the contract items themselves, not their references). */
async function allContractNumbers(): Promise<number[]> {
  const numbers: number[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :contract',
        ExpressionAttributeValues: { ':contract': 'contract' },
        ProjectionExpression: 'contractNumber',
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    numbers.push(...(page.Items ?? []).map((item) => Number(item.contractNumber)));
    start = page.LastEvaluatedKey;
  } while (start);
  return numbers;
}

describe('PATCH /api/v1/contracts/{id}', () => {
  it('changes only the fields given while the contract is Draft', async () => {
    const contract = await draft({ notes: 'first draft', terms: 'Standard terms' });

    const res = await updateContract(contract.id, acct(), { notes: 'second draft' });

    expect(res.status, res.text).toBe(200);
    const { notes, updatedAt, version, ...rest } = res.body.data;
    const { notes: _n, updatedAt: before, version: versionBefore, ...unchanged } = contract;
    expect(notes).toBe('second draft');
    expect(version).toBe(versionBefore + 1);
    expect(rest).toEqual(unchanged);
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it('stores contractPdfUrl as pdfUrl together with any other fields, and keeps the contract Draft', async () => {
    const contract = await draft();
    const change = {
      customerName: 'Ahmed Mansouri',
      totalAmount: 17_900.5,
      currency: 'USD',
      customerIdDocument: { url: 'https://files.example.com/id/9.pdf', type: 'national_id' },
      contractPdfUrl: 'https://files.example.com/contracts/9.pdf',
    };

    const res = await updateContract(contract.id, acct(), change);

    expect(res.status, res.text).toBe(200);
    const { contractPdfUrl, ...fields } = change;
    expect(res.body.data).toMatchObject({
      ...fields,
      id: contract.id,
      contractNumber: contract.contractNumber,
      status: 'Draft',
      pdfUrl: contractPdfUrl,
    });
    expect(res.body.data.contractPdfUrl).toBeUndefined();
    expect(await getContract(contract.id)).toEqual(res.body.data);
  });

  it.each([
    ['Sent', (id: string) => sendContract(id, acct(), { phone: uniquePhone() })],
    ['Signed', (id: string) => signContract(id, acct())],
  ])('answers 409 INVALID_STATE once the contract is %s and changes nothing', async (status, move) => {
    const contract = await draft();
    const moved = await move(contract.id);
    expect(moved.status, moved.text).toBe(200);

    const res = await updateContract(contract.id, acct(), {
      notes: 'too late',
      contractPdfUrl: 'https://files.example.com/late.pdf',
    });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, statusCode: 409, code: 'INVALID_STATE' });
    const after = await getContract(contract.id);
    expect(after).toEqual(moved.body.data);
    expect(after).toMatchObject({ status, pdfUrl: null });
    expect(after.notes).toBeUndefined();
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['orderId, which cannot change', { orderId: 'ckotherorder000000000000' }, 'body.orderId'],
    ['the currency EUR', { currency: 'EUR' }, 'body.currency'],
    ['a negative totalAmount', { totalAmount: -1 }, 'body.totalAmount'],
    ['an empty customerName', { customerName: '' }, 'body.customerName'],
    ['a contractPdfUrl that is not a URL', { contractPdfUrl: 'contract.pdf' }, 'body.contractPdfUrl'],
    ['a bad customerEmail', { customerEmail: 'a@' }, 'body.customerEmail'],
    ['an unknown field', { status: 'Signed' }, 'body.status'],
    ['a version and nothing to change', { version: 1 }, 'body'],
    ['a totalAmount with more decimals than the contract currency has', { totalAmount: 10.555 }, 'body.totalAmount'],
    ['KRW and a totalAmount with cents', { totalAmount: 1500.5, currency: 'KRW' }, 'body.totalAmount'],
  ])('answers 400 for %s and leaves the contract as it was', async (_label, body, field) => {
    const contract = await draft();

    const res = await updateContract(contract.id, acct(), body);

    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getContract(contract.id)).toEqual(contract);
  });

  it('takes the version it was planned on in the body, as orders do: 409 with the current one when another change came first', async () => {
    const contract = await draft();

    const edited = await updateContract(contract.id, acct(), {
      notes: 'planned on the first read',
      version: contract.version,
    });
    const stale = await updateContract(contract.id, acct(), {
      notes: 'planned on the same read',
      version: contract.version,
    });
    const sent = await sendContract(contract.id, acct(), { phone: uniquePhone(), version: edited.body.data.version });
    const staleSign = await signContract(contract.id, acct(), { version: edited.body.data.version });
    const signed = await signContract(contract.id, acct(), { version: sent.body.data.version });

    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ notes: 'planned on the first read', version: contract.version + 1 });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: [expect.objectContaining({ field: 'body.version', currentVersion: contract.version + 1 })],
    });
    expect(sent.status, sent.text).toBe(200);
    expect(staleSign.status, staleSign.text).toBe(409);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.data).toMatchObject({
      status: 'Signed',
      version: sent.body.data.version + 1,
      notes: 'planned on the first read',
    });
  });

  it('answers 404 for an unknown contract', async () => {
    const res = await updateContract(UNKNOWN_ID, acct(), { notes: 'x' });

    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/v1/contracts/{id}/send', () => {
  it('dispatches the contract on the chat channel with its number and signing link, then marks it Sent', async () => {
    const contract = await draft();
    const phone = uniquePhone();
    const signingLink = `https://sign.example.com/c/${contract.id}`;

    const res = await sendContract(contract.id, acct(), { phone, signingLink, sendVia: 'whatsapp' });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: contract.id,
      status: 'Sent',
      sentAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(res.body.data.sentAt)).toBeGreaterThanOrEqual(Date.parse(contract.createdAt));
    const messages = await messagesTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(`#${contract.contractNumber}`);
    expect(messages[0]!.text).toContain(signingLink);
    // The amount as the contract writes it, thousands grouped.
    expect(messages[0]!.text).toContain(
      `${contract.totalAmount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${contract.currency}`,
    );
    expect(contract.totalAmount).toBeGreaterThanOrEqual(1000);
    expect(await getContract(contract.id)).toMatchObject({ status: 'Sent', sentAt: res.body.data.sentAt });
  });

  it('accepts phoneNumber as an alias of phone, and a number written with spaces, sending to its E.164 form', async () => {
    const contract = await draft();
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`;

    const res = await sendContract(contract.id, acct(), { phoneNumber: spaced });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('Sent');
    const messages = await messagesTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(`#${contract.contractNumber}`);
  });

  it('sends a Sent contract again, with a new sentAt', async () => {
    const contract = await draft();
    const phone = uniquePhone();
    const first = await sendContract(contract.id, acct(), { phone });
    expect(first.status, first.text).toBe(200);

    const again = await sendContract(contract.id, acct(), { phone });

    expect(again.status, again.text).toBe(200);
    expect(again.body.data.status).toBe('Sent');
    expect(Date.parse(again.body.data.sentAt)).toBeGreaterThanOrEqual(Date.parse(first.body.data.sentAt));
    expect(await messagesTo(phone)).toHaveLength(2);
  });

  it('lets a marketer send a contract of an order assigned to them', async () => {
    const order = await gulfOrder({ marketerId: DEMO_MARKETER });
    const contract = await draft({ orderId: order.id }, demoKey('marketer'));
    const phone = uniquePhone();

    const res = await sendContract(contract.id, demoKey('marketer'), { phone });

    expect(res.status, res.text).toBe(200);
    expect(await messagesTo(phone)).toHaveLength(1);
  });

  it('answers 409 INVALID_STATE for a Signed contract and dispatches nothing', async () => {
    const contract = await draft();
    const signed = await signContract(contract.id, acct());
    expect(signed.status, signed.text).toBe(200);
    const phone = uniquePhone();

    const res = await sendContract(contract.id, acct(), { phone });

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATE');
    expect(await messagesTo(phone)).toEqual([]);
    expect((await getContract(contract.id)).status).toBe('Signed');
  });

  it('answers 502 CHANNEL_DISPATCH_FAILED when the chat channel refuses the recipient, and leaves the contract Draft', async () => {
    const contract = await draft();

    const res = await sendContract(contract.id, acct(), {
      phone: CHAT_FAIL_NUMBER,
      signingLink: 'https://sign.example.com/x',
    });

    expect(res.status, res.text).toBe(502);
    expect(res.body).toMatchObject({ success: false, statusCode: 502, code: 'CHANNEL_DISPATCH_FAILED' });
    const after = await getContract(contract.id);
    expect(after).toEqual(contract);
    expect(after.status).toBe('Draft');
    expect(after.sentAt).toBeUndefined();
    expect(await messagesTo(CHAT_FAIL_NUMBER)).toEqual([]);
  });

  it("keeps the channel's own error text, which can name the recipient or the account, out of the 502 answer", async () => {
    const contract = await draft();

    const res = await sendContract(contract.id, acct(), { phone: CHAT_FAIL_NUMBER });

    expect(res.status).toBe(502);
    expect(res.body.details).toEqual([
      { message: 'The chat message could not be sent', reason: 'REJECTED', retryable: false },
    ]);
    expect(res.text).not.toContain(CHAT_FAIL_NUMBER);
    expect(res.text).not.toContain('CHAT_LOCAL_FAIL_NUMBERS');
  });

  it('answers 400 for a phoneNumber that differs from phone, showing the one to send', async () => {
    const contract = await draft();

    const res = await sendContract(contract.id, acct(), { phone: '+971 50 123 4567', phoneNumber: '+971501234568' });

    expect(res.status, res.text).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'body.phoneNumber',
        message: 'must be the same number as phone, or left out: give one of them, e.g. {"phone": "+971501234567"}',
      },
    ]);
  });

  it.each([
    ['neither phone nor phoneNumber', {}, 'body.phone'],
    ['a number without country code', { phone: '0501234567' }, 'body.phone'],
    ['a phoneNumber that is not a phone number', { phoneNumber: '+12-ab-cd-ef' }, 'body.phoneNumber'],
    ['a phone too short to be one', { phone: '+9715' }, 'body.phone'],
    [
      'a phone and a different phoneNumber',
      { phone: '+971501234567', phoneNumber: '+971501234568' },
      'body.phoneNumber',
    ],
    ['a signingLink that is not a URL', { phone: '+971501234567', signingLink: 'sign here' }, 'body.signingLink'],
    ['a sendVia other than the chat channel', { phone: '+971501234567', sendVia: 'email' }, 'body.sendVia'],
    ['an unknown field', { phone: '+971501234567', message: 'hi' }, 'body.message'],
  ])('answers 400 for %s and leaves the contract Draft', async (_label, body, field) => {
    const contract = await draft();

    const res = await sendContract(contract.id, acct(), body);

    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getContract(contract.id)).toEqual(contract);
  });

  it("refuses a body without a phone, as docs/api.md says, and names the contract's own phone to send", async () => {
    const phone = uniquePhone();
    const contract = await draft({ customerPhone: phone });

    const res = await sendContract(contract.id, acct(), {});

    expect(res.status, res.text).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'body.phone',
        message: `phone or phoneNumber is required: the number to send the contract to, in E.164; the contract's customerPhone is ${phone}, e.g. {"phone": "${phone}"}`,
      },
    ]);
    expect(await messagesTo(phone)).toHaveLength(0);
    expect(await getContract(contract.id)).toEqual(contract);
  });

  it('answers 404 for an unknown contract', async () => {
    const res = await sendContract(UNKNOWN_ID, acct(), { phone: uniquePhone() });

    expect(res.status).toBe(404);
  });
});

describe('PATCH /api/v1/contracts/{id}/sign', () => {
  const signedDocument = {
    url: 'https://files.example.com/signed/77.pdf',
    filename: 'contract-77-signed.pdf',
    mimeType: 'application/pdf',
    size: 482_113,
    signature: {
      by: 'Ahmed Al Mansouri',
      at: '2026-11-20T10:15:00.000Z',
      method: 'wet-ink',
      witnesses: ['Mina Park', { name: 'Joon Lee', role: 'inspector' }],
    },
    pages: [1, 2, 3.5],
    verified: true,
    remarks: null,
    tags: [],
    extra: {},
    ar: 'عقد موقع',
  };

  it('marks a Draft contract Signed and stores signedDocument exactly as given', async () => {
    const contract = await draft();

    const res = await signContract(contract.id, acct(), { signedDocument });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: contract.id,
      status: 'Signed',
      contractNumber: contract.contractNumber,
      updatedAt: expect.any(String),
      signedAt: expect.any(String),
    });
    expect(res.body.data.signedDocument).toEqual(signedDocument);
    expect((await getContract(contract.id)).signedDocument).toEqual(signedDocument);
  });

  it('marks a Sent contract Signed and keeps its sentAt', async () => {
    const contract = await draft();
    const sent = await sendContract(contract.id, acct(), { phone: uniquePhone() });
    expect(sent.status, sent.text).toBe(200);

    const res = await signContract(contract.id, acct(), { signedDocument: { url: 'https://files.example.com/s.pdf' } });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'Signed',
      sentAt: sent.body.data.sentAt,
      signedDocument: { url: 'https://files.example.com/s.pdf' },
    });
  });

  it('marks a contract Signed without a signedDocument', async () => {
    const contract = await draft();

    const res = await signContract(contract.id, acct(), {});

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('Signed');
    expect(res.body.data.signedDocument).toBeUndefined();
  });

  it('answers 409 INVALID_STATE to a second signing and keeps the first signedDocument', async () => {
    const contract = await draft();
    const first = await signContract(contract.id, acct(), { signedDocument });
    expect(first.status, first.text).toBe(200);

    const again = await signContract(contract.id, acct(), {
      signedDocument: { url: 'https://files.example.com/other.pdf' },
    });

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATE');
    expect(await getContract(contract.id)).toEqual(first.body.data);
  });

  it('lets exactly one of 10 concurrent signings win', async () => {
    const contract = await draft();

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signContract(contract.id, acct(), { signedDocument: { attempt: i } })),
    );

    expect(tally(results.map((r) => r.status))).toEqual({ 200: 1, 409: 9 });
    const winner = results.find((r) => r.status === 200)!;
    expect((await getContract(contract.id)).signedDocument).toEqual(winner.body.data.signedDocument);
  });

  it.each([
    ['an object with an empty key', { '': 'blank key', nested: { '': 1 } }],
    ['a number beyond the range a DynamoDB number holds', { size: 1e200 }],
    ['an integer beyond 2^53', { size: 9_007_199_254_740_993 }],
  ])('stores %s as given or refuses it with 400, never a 500', async (_label, document) => {
    const contract = await draft();

    const res = await signContract(contract.id, acct(), { signedDocument: document });

    expect(res.status, res.text).toBeLessThan(500);
    const after = await getContract(contract.id);
    if (res.status === 200) expect(after.signedDocument).toEqual(document);
    else expect(after).toEqual(contract);
  });

  it('refuses with 400, not 500, a signedDocument over its 64 KB bound (so the contract always fits a record)', async () => {
    const contract = await draft();

    const res = await signContract(contract.id, acct(), {
      signedDocument: { url: 'https://files.example.com/s.pdf', ocrText: 'o'.repeat(70_000) },
    });

    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.body.details[0].field).toBe('body.signedDocument');
    expect((await getContract(contract.id)).status).toBe('Draft');
  });

  it('answers 400 for an unknown field and leaves the contract Draft', async () => {
    const contract = await draft();

    const res = await signContract(contract.id, acct(), { signedDocument: {}, signedBy: 'x' });

    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain('body.signedBy');
    expect((await getContract(contract.id)).status).toBe('Draft');
  });

  it('answers 404 for an unknown contract', async () => {
    const res = await signContract(UNKNOWN_ID, acct());

    expect(res.status).toBe(404);
  });
});

describe('reading contracts', () => {
  it('returns one contract by id as it was created', async () => {
    const contract = await draft({ terms: 'Terms v1' });

    const read = await getContract(contract.id, ops());

    expect(read).toEqual(contract);
  });

  it("lists an order's contracts oldest first, and an empty list for an order without any", async () => {
    const order = await gulfOrder();
    const first = await draft({ orderId: order.id, customerName: 'First' });
    const second = await draft({ orderId: order.id, customerName: 'Second' });
    const other = await gulfOrder();

    const listed = await contractsOf(order.id);
    const empty = await contractsOf(other.id);

    expect(listed).toEqual([first, second]);
    expect(empty).toEqual([]);
  });

  it('lists every contract of an order, also when together they exceed one DynamoDB page (1 MB)', async () => {
    const order = await gulfOrder();
    // About 39 KB each, within every field bound: 28 of them pass the 1 MB a Query page returns.
    const carDetails = { makeEn: 'Kia', modelEn: 'Sorento', inspectionNotes: 'n'.repeat(15_000) };
    const large = { carDetails, terms: 't'.repeat(19_000), notes: 'x'.repeat(4_900) };
    const created: string[] = [];
    for (let i = 0; i < 28; i += 1)
      created.push((await draft({ orderId: order.id, customerName: `Buyer ${i}`, ...large })).id);

    const listed = await contractsOf(order.id);

    expect(listed.map((c) => c.id)).toEqual(created);
  });

  it('answers 404 for an unknown contract and an unknown order, and 400 for a malformed id', async () => {
    const unknownContract = await api('GET', `/api/v1/contracts/${UNKNOWN_ID}`, { key: acct() });
    const unknownOrder = await api('GET', `/api/v1/orders/${UNKNOWN_ID}/contracts`, { key: acct() });
    const malformed = await api('GET', '/api/v1/contracts/NOT-AN-ID', { key: acct() });

    expect(unknownContract.status).toBe(404);
    expect(unknownOrder.status).toBe(404);
    expect(malformed.status).toBe(400);
  });

  it('shows a platform key the contracts of any tenant', async () => {
    const contract = await draft();

    const read = await getContract(contract.id, demoKey('platform'));

    expect(read.id).toBe(contract.id);
  });
});

describe('order detail signedContract', () => {
  it('is null until a contract is signed, then the most recently signed contract with its pdfUrl', async () => {
    const order = await gulfOrder();
    const older = await draft({ orderId: order.id, customerName: 'Older' });
    const newer = await draft({ orderId: order.id, customerName: 'Newer' });
    await updateContract(older.id, acct(), { contractPdfUrl: 'https://files.example.com/contracts/older.pdf' });
    const before = await orderDetail(order.id);

    // The newer contract is signed first, the older one last: "most recent" is by signing time.
    expect((await signContract(newer.id, acct())).status).toBe(200);
    const afterNewer = await orderDetail(order.id);
    const signedOlder = await signContract(older.id, acct());
    await draft({ orderId: order.id, customerName: 'Draft after both' });
    const afterBoth = await orderDetail(order.id);

    expect(before.signedContract).toBeNull();
    expect(afterNewer.signedContract).toMatchObject({
      id: newer.id,
      contractNumber: newer.contractNumber,
      pdfUrl: null,
    });
    expect(signedOlder.status).toBe(200);
    expect(afterBoth.signedContract).toEqual({
      id: older.id,
      contractNumber: older.contractNumber,
      pdfUrl: 'https://files.example.com/contracts/older.pdf',
      signedAt: signedOlder.body.data.signedAt,
    });
  });

  it('lets operations move a wallet-paid order to ContractSigned only once a contract is Signed', async () => {
    const customer = await newCustomer();
    await credit(customer.walletId, 3000);
    const order = await placeOrder(acct(), {
      customerId: customer.id,
      totalAmount: 3000,
      useWalletBalance: true,
      inspectionDate: inspectionDate(),
    });
    const inspection = await api('POST', '/api/v1/inspections', {
      key: ops(),
      body: { orderId: order.id, inspectorId: DEMO_INSPECTOR },
    });
    expect(inspection.status, inspection.text).toBe(201);
    for (const status of ['InProgress', 'Completed']) {
      const moved = await api('PATCH', `/api/v1/inspections/${inspection.body.data.id}/status`, {
        key: ops(),
        body: { status },
      });
      expect(moved.status, moved.text).toBe(200);
    }
    const completed = await changeStatus(order.id, demoKey('inspector'), { status: 'InspectionCompleted', version: 1 });
    expect(completed.status, completed.text).toBe(200);
    const contract = await draft({ orderId: order.id });

    const withDraft = await changeStatus(order.id, ops(), { status: 'ContractSigned', version: 2 });
    expect((await signContract(contract.id, acct())).status).toBe(200);
    const withSigned = await changeStatus(order.id, ops(), { status: 'ContractSigned', version: 2 });

    expect(withDraft.status).toBe(422);
    expect(withDraft.body.code).toBe('INVALID_TRANSITION');
    expect(withDraft.body.details[0].missingRequirements).toEqual([
      expect.objectContaining({ code: 'SIGNED_CONTRACT_REQUIRED' }),
    ]);
    expect(withSigned.status, withSigned.text).toBe(200);
    expect(withSigned.body.data).toMatchObject({ status: 'ContractSigned', version: 3 });
  });
});

describe('roles', () => {
  it.each([['integrator'], ['inspector']] as const)(
    'answers 403 FORBIDDEN to an %s key on update, send and sign, and changes nothing',
    async (role) => {
      const contract = await draft();
      const phone = uniquePhone();

      const update = await updateContract(contract.id, demoKey(role), { notes: 'x' });
      const send = await sendContract(contract.id, demoKey(role), { phone });
      const sign = await signContract(contract.id, demoKey(role));

      expect([update.status, send.status, sign.status]).toEqual([403, 403, 403]);
      expect(await getContract(contract.id)).toEqual(contract);
      expect(await messagesTo(phone)).toEqual([]);
    },
  );

  it('lets integrator and inspector keys read contracts of their tenant', async () => {
    const contract = await draft();

    const asIntegrator = await getContract(contract.id, demoKey('integrator'));
    const asInspector = await contractsOf(contract.orderId, demoKey('inspector'));

    expect(asIntegrator.id).toBe(contract.id);
    expect(asInspector.map((c) => c.id)).toEqual([contract.id]);
  });
});

describe('isolation', () => {
  it("answers 404 to another tenant's keys on every contract endpoint and changes nothing", async () => {
    const contract = await draft();
    const seoulOps = await seoulKey('operations');
    const phone = uniquePhone();

    const get = await api('GET', `/api/v1/contracts/${contract.id}`, { key: demoKey('integrator', 'seoul') });
    const getAsOps = await api('GET', `/api/v1/contracts/${contract.id}`, { key: seoulOps });
    const list = await api('GET', `/api/v1/orders/${contract.orderId}/contracts`, {
      key: demoKey('integrator', 'seoul'),
    });
    const create = await createContract(seoulOps, { orderId: contract.orderId, customerName: 'Intruder' });
    const update = await updateContract(contract.id, seoulOps, { notes: 'intruder' });
    const send = await sendContract(contract.id, seoulOps, { phone });
    const sign = await signContract(contract.id, seoulOps, { signedDocument: { forged: true } });

    expect([get.status, getAsOps.status, list.status, create.status, update.status, send.status, sign.status]).toEqual([
      404, 404, 404, 404, 404, 404, 404,
    ]);
    expect(await getContract(contract.id)).toEqual(contract);
    expect(await contractsOf(contract.orderId)).toEqual([contract]);
    expect(await messagesTo(phone)).toEqual([]);
  });

  it('lets the Seoul operations key work with contracts of its own tenant', async () => {
    const seoulOps = await seoulKey('operations');
    const order = await seoulOrder();

    const created = await createContract(seoulOps, { orderId: order.id, customerName: 'Seoul Buyer' });

    expect(created.status, created.text).toBe(201);
    expect(await getContract(created.body.data.id, seoulOps)).toEqual(created.body.data);
  });

  it('answers 404 to a marketer on every endpoint for a contract of an order not assigned to them', async () => {
    const contract = await draft();
    const marketer = demoKey('marketer');
    const phone = uniquePhone();

    const get = await api('GET', `/api/v1/contracts/${contract.id}`, { key: marketer });
    const list = await api('GET', `/api/v1/orders/${contract.orderId}/contracts`, { key: marketer });
    const update = await updateContract(contract.id, marketer, { notes: 'x' });
    const send = await sendContract(contract.id, marketer, { phone });
    const sign = await signContract(contract.id, marketer);

    expect([get.status, list.status, update.status, send.status, sign.status]).toEqual([404, 404, 404, 404, 404]);
    expect(await getContract(contract.id)).toEqual(contract);
  });
});
