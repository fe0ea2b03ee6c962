/** What each document says and what it refuses to print blank: the models are pure, tested without I/O. */
import { describe, expect, it } from 'vitest';
import { consigneeAsBuyer, consigneeToName } from '../../lib/domain/document-models/buyer.js';
import { composeDocument, type DocumentFacts } from '../../lib/domain/document-models/compose.js';
import {
  customsInvoiceGaps,
  customsInvoiceModel,
  customsTerms,
} from '../../lib/domain/document-models/customs-invoice.js';
import { textsOf, type DocumentLanguage, type DocumentModel } from '../../lib/domain/document-models/model.js';
import {
  balanceOf,
  paymentKindOf,
  proformaModel,
  receiptKindOf,
} from '../../lib/domain/document-models/proforma-invoice.js';
import { contractModel } from '../../lib/domain/document-models/contract.js';
import type { Vehicle } from '../../lib/domain/vehicle.js';
import { seriesNumber } from '../../lib/use-cases/orders/documents.js';
import { CONTRACT, INVOICE, PAYMENTS, SELLER, SHIPMENT, VEHICLE } from '../../scripts/documents/sample-documents.js';

const facts = { seller: SELLER, invoice: INVOICE, vehicle: VEHICLE, shipment: SHIPMENT };

describe('the commercial invoice', () => {
  it('needs nothing more for the walked order', () => {
    expect(customsInvoiceGaps(facts)).toEqual([]);
  });

  it('derives the HS code from fuel and engine, the origin from the make, the Incoterms from the profile', () => {
    const { hsCode: _h, incoterms: _i, ...invoice } = INVOICE;
    const terms = customsTerms({ ...facts, invoice });
    expect(terms).toMatchObject({ hsCode: '8703.23', origin: 'KR', incoterms: 'CFR', place: 'AEJEA' });
    expect(customsTerms({ ...facts, invoice: { ...invoice, incoterms: 'FOB' } }).place).toBe('KRINC');
    expect(
      customsTerms({ ...facts, invoice: { ...invoice, hsCode: '8703.24.10', countryOfOrigin: 'DE' } }),
    ).toMatchObject({
      hsCode: '8703.24.10',
      origin: 'DE',
    });
  });

  it('names what it would print blank: the car, the HS code and what it comes from, the origin, the ports', () => {
    const gaps = customsInvoiceGaps({
      seller: { ...SELLER, portOfLoading: undefined, defaultIncoterms: undefined },
      invoice: { ...INVOICE, incoterms: undefined, portOfDischarge: undefined },
      vehicle: { make: 'Zastava', condition: 'used' },
    });
    expect(gaps).toEqual([
      'car.model',
      'car.year',
      'car.vin',
      'customsInvoice.hsCode (or customsInvoice.fuelType and customsInvoice.engineCapacityCc)',
      'customsInvoice.countryOfOrigin',
      'customsInvoice.incoterms',
      'shipment.portOfLoading',
      'customsInvoice.portOfDischarge',
    ]);
  });

  it('asks for everything the HS code needs at once, and only what it still needs', () => {
    const { hsCode: _h, ...invoice } = INVOICE;
    const hsGap = (vehicle: Partial<typeof VEHICLE>) =>
      customsInvoiceGaps({
        ...facts,
        invoice,
        vehicle: { ...VEHICLE, fuelType: undefined, displacementCc: undefined, ...vehicle },
      }).filter((gap) => gap.startsWith('customsInvoice.hsCode'));
    expect(hsGap({})).toEqual([
      'customsInvoice.hsCode (or customsInvoice.fuelType and customsInvoice.engineCapacityCc)',
    ]);
    expect(hsGap({ fuelType: 'Gasoline' })).toEqual(['customsInvoice.hsCode (or customsInvoice.engineCapacityCc)']);
    expect(hsGap({ displacementCc: 2497 })).toEqual(['customsInvoice.hsCode (or customsInvoice.fuelType)']);
    expect(hsGap({ fuelType: 'Electric' })).toEqual([]);
  });

  it('prints the number of the series, the terms with their place, the B/L and the total in words', () => {
    const model = customsInvoiceModel({
      ...facts,
      language: 'en',
      date: '2026-11-20',
      invoiceNumber: 'CI-00042',
      orderNumber: 1042,
    });
    expect(model.meta[0]).toEqual(['Invoice No.', 'CI-00042']);
    const shipment = Object.fromEntries(model.sections[1]!.facts);
    expect(shipment).toMatchObject({
      'Incoterms 2020': 'CFR Jebel Ali (AEJEA)',
      'Bill of lading No.': 'HDMUINCA12345600',
      'Vessel / Voyage': 'Morning Calm / 112W',
    });
    expect(model.inWords?.[1]).toMatch(/^Eighteen thousand five hundred US dollars and fifty cents only$/i);
    expect(model.signatures).toEqual([expect.objectContaining({ stamp: true })]);
  });
});

describe('the proforma invoice', () => {
  it('labels each payment by its kind and day, and subtracts refunds from what was received', () => {
    expect(paymentKindOf('deposit')).toBe('deposit');
    expect(paymentKindOf('Installment 2')).toBe('instalment');
    expect(paymentKindOf(undefined)).toBe('payment');
    expect(balanceOf(18500, PAYMENTS)).toEqual({ received: 10000, due: 8500 });
    expect(
      balanceOf(1000, [
        { kind: 'wallet', date: '2026-10-01', amount: 1000 },
        { kind: 'refund', date: '2026-10-03', amount: 1000 },
      ]),
    ).toEqual({ received: 0, due: 1000 });
    expect(balanceOf(100, [{ kind: 'payment', date: '2026-10-01', amount: 150 }]).due).toBe(0);
    const model = proformaModel({
      language: 'en',
      date: '2026-11-20',
      validUntil: '2026-12-04',
      proformaNumber: 'PI-00031',
      orderNumber: 1042,
      seller: SELLER,
      buyer: { name: 'Layla Haddad' },
      vehicle: VEHICLE,
      totalAmount: 18500,
      currency: 'USD',
      payments: PAYMENTS,
    });
    expect(model.table.lines.map(([label]) => label)).toEqual([
      'Vehicle price: Kia Sorento 2022',
      'Deposit · 2026-10-02',
      'Instalment · 2026-10-20',
    ]);
    expect(model.table.totals.at(-1)).toEqual(['Balance due', '8,500.00 USD']);
    expect(Object.fromEntries(model.sections[1]!.facts)).toMatchObject({
      IBAN: 'AE05 0261 0152 0473 6891 001',
      'SWIFT / BIC': 'EBILAEAD',
      'Payment reference': 'PI-00031',
    });
  });

  it("labels the order's deposit receipt Deposit, though it carries no items", () => {
    const deposit = { id: 'receipt-with-order', items: [] };
    expect(receiptKindOf(deposit, 'receipt-with-order')).toBe('deposit');
    expect(receiptKindOf({ id: 'later', items: [{ type: 'Instalment' }] }, 'receipt-with-order')).toBe('instalment');
    expect(receiptKindOf({ id: 'later', items: [] }, 'receipt-with-order')).toBe('payment');
    expect(receiptKindOf(deposit, undefined)).toBe('payment');
  });

  it('never prints the bare word "car" for an order nothing describes', () => {
    const model = proformaModel({
      language: 'en',
      date: '2026-11-20',
      validUntil: '2026-12-04',
      proformaNumber: 'PI-00001',
      orderNumber: 7,
      seller: SELLER,
      buyer: { name: 'Layla Haddad' },
      vehicle: { condition: 'used' },
      totalAmount: 900,
      currency: 'USD',
      payments: [],
    });
    const line = model.table.lines[0]![0];
    expect(line).toContain('#7');
    expect(line).toMatch(/not recorded/);
    expect(textsOf(model).some((text) => /:\s*car\s*$/i.test(text))).toBe(false);
  });
});

describe('the sales contract', () => {
  it("prints the contract's own parties, terms and signature date", () => {
    const model = contractModel({
      language: 'ar',
      date: '2026-11-20',
      contractNumber: 17,
      orderNumber: 1042,
      seller: SELLER,
      buyer: CONTRACT.buyer,
      vehicle: VEHICLE,
      totalAmount: 18500,
      currency: 'USD',
      terms: CONTRACT.terms,
      signedOn: CONTRACT.signedOn,
    });
    expect(model.parties[1]!.lines).toEqual(expect.arrayContaining(['ليلى حداد', 'رقم الهوية / الجواز: P1234567']));
    expect(model.paragraphs[0]!.text).toContain(CONTRACT.terms);
    expect(model.signatures[1]).toEqual({ heading: 'المشتري', name: 'ليلى حداد', date: 'تاريخ التوقيع: 2026-10-08' });
  });
});

describe("the car and the ports, in the document's language as the buyer's page words them", () => {
  const documentOf = (
    type: DocumentFacts['type'],
    language: DocumentLanguage,
    vehicle: Vehicle,
    seller = SELLER,
  ): DocumentFacts => {
    const common = {
      language,
      date: '2026-11-20',
      orderNumber: 1042,
      seller,
      vehicle,
      totalAmount: 18500,
      currency: 'USD',
    };
    if (type === 'customs-invoice') return { type, input: { ...facts, ...common, invoiceNumber: 'CI-00042' } };
    if (type === 'proforma-invoice')
      return {
        type,
        input: {
          ...common,
          validUntil: '2026-12-04',
          proformaNumber: 'PI-00031',
          buyer: CONTRACT.buyer,
          payments: PAYMENTS,
        },
      };
    return { type, input: { ...common, contractNumber: 17, buyer: CONTRACT.buyer } };
  };
  const carOf = (model: DocumentModel) => Object.fromEntries(model.sections[0]!.facts);
  const TYPES = ['customs-invoice', 'proforma-invoice', 'contract'] as const;

  it.each(TYPES)('the colour in the Arabic words the page uses, one not listed as recorded: %s', (type) => {
    const colourIn = (language: DocumentLanguage, color: string) =>
      carOf(composeDocument(documentOf(type, language, { ...VEHICLE, color })))[language === 'ar' ? 'اللون' : 'Colour'];
    expect(colourIn('ar', 'Gray')).toBe('رمادي');
    expect(colourIn('ar', 'Pearl White')).toBe('أبيض لؤلؤي');
    expect(colourIn('ar', 'Snow White Pearl Mica')).toBe('Snow White Pearl Mica');
    expect(colourIn('en', 'Gray')).toBe('Gray');
  });

  it.each(TYPES)('the mileage with the Arabic unit, in the digits the seller writes: %s', (type) => {
    const mileageIn = (language: DocumentLanguage, vehicle: Vehicle, seller = SELLER) =>
      carOf(composeDocument(documentOf(type, language, { ...VEHICLE, mileageKm: undefined, ...vehicle }, seller)))[
        language === 'ar' ? 'المسافة المقطوعة' : 'Mileage'
      ];
    expect(mileageIn('ar', { mileageKm: 236322 })).toBe('236,322 كم');
    expect(mileageIn('ar', { mileageKm: 236322 }, { ...SELLER, arabicDigits: 'arabic-indic' })).toBe('٢٣٦٬٣٢٢ كم');
    expect(mileageIn('en', { mileageKm: 236322 })).toBe('236,322 km');
    // A contract's mileage is free text: as written, but for the unit.
    expect(mileageIn('ar', { mileage: '45,000 km' })).toBe('45,000 كم');
    expect(mileageIn('ar', { mileage: '236322 KM' })).toBe('236322 كم');
    expect(mileageIn('ar', { mileage: 'about 45,000 miles' })).toBe('about 45,000 miles');
    expect(mileageIn('en', { mileage: '45,000 km' })).toBe('45,000 km');
    const arabic = textsOf(composeDocument(documentOf(type, 'ar', { ...VEHICLE, mileageKm: 236322 })));
    expect(arabic.filter((text) => /\bkm\b/.test(text))).toEqual([]);
  });

  const invoiceWith = (language: DocumentLanguage, change: { invoice?: object; shipment?: object; seller?: object }) =>
    Object.fromEntries(
      customsInvoiceModel({
        language,
        date: '2026-11-20',
        invoiceNumber: 'CI-00042',
        orderNumber: 1042,
        vehicle: VEHICLE,
        seller: { ...SELLER, ...change.seller },
        invoice: { ...INVOICE, ...change.invoice },
        shipment: change.shipment === undefined ? SHIPMENT : { ...SHIPMENT, ...change.shipment },
      }).sections[1]!.facts,
    );

  it('names a known port in the Arabic document in Arabic with its code, wherever it appears', () => {
    expect(invoiceWith('ar', { shipment: { portOfDischarge: 'SADMM' } })).toMatchObject({
      'شروط التسليم (إنكوترمز 2020)': 'CFR الدمام (SADMM)',
      'ميناء الشحن': 'إنتشون (KRINC)',
      'ميناء التفريغ': 'الدمام (SADMM)',
    });
    // The place of a rule that ends at the port of loading; the profile's port of loading when the shipment names none.
    expect(
      invoiceWith('ar', {
        invoice: { incoterms: 'FOB' },
        shipment: { portOfLoading: undefined },
        seller: { portOfLoading: 'KRPTK' },
      }),
    ).toMatchObject({
      'شروط التسليم (إنكوترمز 2020)': 'FOB بيونغتايك (KRPTK)',
      'ميناء الشحن': 'بيونغتايك (KRPTK)',
    });
    // A place named on the invoice, a code in lower case.
    expect(invoiceWith('ar', { invoice: { incotermsPlace: 'sajed' } })['شروط التسليم (إنكوترمز 2020)']).toBe(
      'CFR جدة (SAJED)',
    );
  });

  it('names a known port in the English document in English with its code', () => {
    expect(invoiceWith('en', { shipment: { portOfDischarge: 'SADMM' } })).toMatchObject({
      'Incoterms 2020': 'CFR Dammam (SADMM)',
      'Port of loading': 'Incheon (KRINC)',
      'Port of discharge': 'Dammam (SADMM)',
    });
  });

  it('leaves an unknown code or a port written out as given, in both languages', () => {
    for (const language of ['en', 'ar'] as const) {
      const shipment = invoiceWith(language, {
        shipment: { portOfLoading: 'Incheon, Korea', portOfDischarge: 'XXABC' },
      });
      const [terms, loading, discharge] =
        language === 'en'
          ? ['Incoterms 2020', 'Port of loading', 'Port of discharge']
          : ['شروط التسليم (إنكوترمز 2020)', 'ميناء الشحن', 'ميناء التفريغ'];
      expect(shipment).toMatchObject({ [terms]: 'CFR XXABC', [loading]: 'Incheon, Korea', [discharge]: 'XXABC' });
      expect(invoiceWith(language, { shipment: {}, invoice: { incotermsPlace: 'Jebel Ali, UAE' } })[terms]).toBe(
        'CFR Jebel Ali, UAE',
      );
    }
  });
});

it('numbers invoices in series the way accountants file them', () => {
  expect(seriesNumber('customs-invoice', 42)).toBe('CI-00042');
  expect(seriesNumber('proforma-invoice', 123456)).toBe('PI-123456');
});

describe('the consignee on the invoices', () => {
  const consignee = {
    name: 'Al Noor Trading LLC',
    address: 'Office 12, Al Quoz 3',
    city: 'Dubai',
    country: 'United Arab Emirates',
    phone: '+971501234567',
    idNumber: 'TL-1048833',
    notifyParty: 'Gulf Agency Company, Jebel Ali',
  };
  const invoiceOf = (input: Partial<Parameters<typeof customsInvoiceModel>[0]>) =>
    customsInvoiceModel({
      ...facts,
      language: 'en',
      date: '2026-11-20',
      invoiceNumber: 'CI-00042',
      orderNumber: 1042,
      customerName: 'Layla Haddad',
      ...input,
    });

  it("names the order's consignee as the commercial invoice's buyer/consignee when the invoice names the customer", () => {
    const model = invoiceOf({ consignee });
    expect(model.parties[1]).toEqual({
      heading: 'Buyer / Consignee',
      lines: [
        'Al Noor Trading LLC',
        'Office 12, Al Quoz 3, Dubai',
        'United Arab Emirates',
        'ID / Passport No.: TL-1048833',
        'Tel. +971501234567',
      ],
    });
    // The invoice's own notify party stands; the consignee's only when it has none.
    expect(model.parties[2]!.lines).toEqual([INVOICE.notifyParty]);
    const { notifyParty: _n, ...withoutNotify } = INVOICE;
    expect(invoiceOf({ consignee, invoice: withoutNotify }).parties[2]!.lines).toEqual([
      'Gulf Agency Company, Jebel Ali',
    ]);
  });

  it('keeps a buyer staff named on the customs invoice, and the invoice buyer when the order has no consignee', () => {
    const own = invoiceOf({ consignee, invoice: { ...INVOICE, buyerName: 'Emirates Auto Brokers FZE' } });
    expect(own.parties[1]!.lines[0]).toBe('Emirates Auto Brokers FZE');
    expect(invoiceOf({}).parties[1]!.lines[0]).toBe('Layla Haddad');
  });

  it('picks the consignee for the proforma the same way', () => {
    expect(consigneeToName(consignee, undefined, 'Layla Haddad')).toBe(consignee);
    expect(consigneeToName(consignee, ' layla  HADDAD ', 'Layla Haddad')).toBe(consignee);
    expect(consigneeToName(consignee, 'Emirates Auto Brokers FZE', 'Layla Haddad')).toBeUndefined();
    expect(consigneeToName(undefined, undefined, 'Layla Haddad')).toBeUndefined();
    expect(consigneeAsBuyer(consignee)).toEqual({
      name: 'Al Noor Trading LLC',
      address: 'Office 12, Al Quoz 3, Dubai',
      country: 'United Arab Emirates',
      phone: '+971501234567',
      idNumber: 'TL-1048833',
    });
  });
});
