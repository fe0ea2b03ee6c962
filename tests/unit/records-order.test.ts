import { describe, expect, it } from 'vitest';
import { CorruptRecordError } from '../../lib/store/record.js';
import { childCodecs, childReferenceCodec } from '../../lib/store/records/order-children.js';
import {
  historyEntryCodec,
  ORDER_PARTS,
  orderCodec,
  orderIndexes,
  orderPartCodecs,
  partOfField,
} from '../../lib/store/records/order.js';
import { OrderRecord, PART_FIELDS } from '../../lib/store/records/order.schema.js';

const head = {
  pk: 'ORDER#o1',
  sk: 'ORDER',
  entity: 'order',
  ...orderIndexes({
    id: 'o1',
    tenantId: 't1',
    marketerId: 'm1',
    customerId: 'c1',
    createdAt: '2026-11-26T08:00:00.000Z',
  }),
  id: 'o1',
  orderNumber: 1042,
  status: 'Purchased',
  version: 8,
  customerId: 'c1',
  marketerId: 'm1',
  tenantId: 't1',
  carDetails: { makeEn: 'Hyundai', modelEn: 'Palisade', year: 2021, customerNotificationsEnabled: true },
  totalAmount: 18500,
  currency: 'USD',
  notes: null,
  inspectionDate: '2026-12-01T10:00:00Z',
  paidFromWallet: false,
  depositReceiptId: 'b1',
  notificationSeq: 7,
  customer: { id: 'c1', name: 'Ali Hassan', mobileNumber: '+97455512345' },
  marketer: { id: 'm1', name: 'Mina Park' },
  createdByKeyId: 'k1',
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
  parts: ['export'],
};

const refusal = (decode: () => unknown) => {
  try {
    decode();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('the order read back from the table', () => {
  it('comes without its keys and list keys when its head has its schema', () => {
    const order = orderCodec.decode(head);
    expect(order).toMatchObject({ id: 'o1', status: 'Purchased', version: 8, parts: ['export'] });
    expect(Object.keys(order).filter((name) => /^(pk|sk|entity|gsi\dpk|gsi\dsk)$/.test(name))).toEqual([]);
  });

  it('reads an order written before its parts had items of their own, with the parts on its head', () => {
    const older = {
      ...head,
      parts: undefined,
      exportSteps: { deregistration: { date: '2026-11-27', recordedAt: 'x', recordedBy: 'u1' } },
    };
    const { parts: _p, ...stored } = older;
    expect(orderCodec.decode(stored).exportSteps?.deregistration?.date).toBe('2026-11-27');
  });

  it.each([
    ['a status outside the lifecycle', { status: 'Teleported' }, '/status'],
    ['a version that is not a number', { version: '8' }, '/version'],
    ['a missing customer', { customer: undefined }, '/customer'],
    ['a part that is not one', { parts: ['attic'] }, '/parts/0'],
  ])('is refused with %s, naming the record, its key and the attribute', (_, change, path) => {
    const item = Object.fromEntries(Object.entries({ ...head, ...change }).filter(([, value]) => value !== undefined));
    const error = refusal(() => orderCodec.decode(item));
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect(error).toMatchObject({ entity: 'order', key: 'ORDER#o1 ORDER', path });
  });
});

describe("the order's parts", () => {
  it('each hold their own fields, and the head holds the rest', () => {
    expect(
      ['exportSteps', 'shipment', 'customsInvoice', 'customsDocuments', 'documents', 'imageArchive', 'status'].map(
        partOfField,
      ),
    ).toEqual(['export', 'export', 'customs', 'customs', 'documents', 'archive', undefined]);
  });

  it('are named where the store splits an order as the schema gives them, every field of each part and nothing else', () => {
    for (const part of ORDER_PARTS)
      for (const field of Object.keys(PART_FIELDS[part])) expect(partOfField(field), field).toBe(part);
    const partFields = new Set(ORDER_PARTS.flatMap((part) => Object.keys(PART_FIELDS[part])));
    for (const field of Object.keys(OrderRecord.properties).filter((name) => !partFields.has(name)))
      expect(partOfField(field), field).toBeUndefined();
  });

  it('decode as stored: the customs invoice with its language, total and time; documents without their URLs', () => {
    const customs = orderPartCodecs.customs.decode({
      pk: 'ORDER#o1',
      sk: 'ORDER#CUSTOMS',
      orderId: 'o1',
      tenantId: 't1',
      customsInvoice: {
        buyerName: 'Ali Hassan',
        items: [{ description: 'Palisade', amount: 18500 }],
        currency: 'USD',
        language: 'ar',
        total: 18500,
        storedAt: 'x',
      },
    });
    expect(customs.customsInvoice?.language).toBe('ar');
    const documents = orderPartCodecs.documents.decode({
      pk: 'ORDER#o1',
      sk: 'ORDER#DOCUMENTS',
      orderId: 'o1',
      documents: [
        {
          id: 'd1',
          type: 'proforma-invoice',
          version: 1,
          language: 'en',
          key: 'orders/1042/documents/d1.pdf',
          bytes: 100,
          createdAt: 'x',
          createdBy: 'u1',
        },
      ],
    });
    expect(documents.documents?.[0]?.type).toBe('proforma-invoice');
  });

  it('read back what the API took at its length limit, counted in characters (an emoji is two UTF-16 units)', () => {
    const buyerName = '🚗'.repeat(200);
    const customs = orderPartCodecs.customs.decode({
      pk: 'ORDER#o1',
      sk: 'ORDER#CUSTOMS',
      orderId: 'o1',
      customsInvoice: {
        buyerName,
        items: [{ description: 'Palisade', amount: 18500 }],
        currency: 'USD',
        language: 'en',
        total: 18500,
        storedAt: 'x',
      },
    });
    expect(customs.customsInvoice?.buyerName).toBe(buyerName);
  });

  it('are refused at the wrong attribute', () => {
    const error = refusal(() =>
      orderPartCodecs.archive.decode({
        pk: 'ORDER#o1',
        sk: 'ORDER#ARCHIVE',
        orderId: 'o1',
        imageArchive: { status: 'lost', eventId: 'e1', objectKeys: [] },
      }),
    );
    expect(error).toMatchObject({ entity: 'order picture archive part', path: '/imageArchive/status' });
  });
});

describe("the order's history and children", () => {
  it('decode as stored', () => {
    expect(
      historyEntryCodec.decode({
        pk: 'ORDER#o1',
        sk: 'HISTORY#x',
        id: 'h1',
        orderId: 'o1',
        from: null,
        to: 'DepositSubmitted',
        by: 'u1',
        role: 'marketer',
        at: 'x',
      }),
    ).toMatchObject({ from: null, to: 'DepositSubmitted' });
    expect(childReferenceCodec.decode({ pk: 'CONTRACT#c1', sk: 'REF', entity: 'contractRef', orderId: 'o1' })).toEqual({
      orderId: 'o1',
    });
    const contract = childCodecs.CONTRACT.decode({
      pk: 'ORDER#o1',
      sk: 'CONTRACT#c1',
      id: 'c1',
      orderId: 'o1',
      tenantId: 't1',
      contractNumber: 7,
      status: 'Sent',
      customerName: 'Ali Hassan',
      carDetails: {},
      totalAmount: 18500,
      currency: 'USD',
      pdfUrl: null,
      messageId: 'wamid.1',
      createdAt: '2026-11-26T08:00:00.000Z',
      updatedAt: '2026-11-26T08:00:00.000Z',
    });
    // A contract written before versions were kept has none (it counts as version 1).
    expect(contract.version).toBeUndefined();
  });

  it('are refused at the wrong attribute', () => {
    const error = refusal(() =>
      childCodecs.BILLING.decode({
        pk: 'ORDER#o1',
        sk: 'BILLING#b1',
        id: 'b1',
        orderId: 'o1',
        type: 'receipt',
        status: 'Paid',
        amount: 2000,
        currency: 'USD',
        description: 'Deposit',
        items: [],
        receiptFileUrl: null,
        createdAt: 'x',
        updatedAt: 'x',
      }),
    );
    expect(error).toMatchObject({ entity: 'billing entry', key: 'ORDER#o1 BILLING#b1', path: '/status' });
  });
});
