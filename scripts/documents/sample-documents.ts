/**
 * The sample documents: a commercial invoice, a proforma and a sales contract of one walked order
 * (a Kia Sorento shipped from Incheon to Jebel Ali for a buyer in Dubai), in English and Arabic,
 * from the Gulf Motors demo profile. `npm run docs:samples` writes them to docs/samples/ (PDF and
 * page image); tests/unit/document-samples.test.ts reads them back as a customs officer, a bank
 * and a buyer would, and compares each page with its image there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeDocument, type DocumentFacts } from '../../lib/domain/document-models/compose.js';
import type { CustomsInvoiceData, ShipmentFacts } from '../../lib/domain/document-models/customs-invoice.js';
import type { DocumentLanguage, DocumentModel } from '../../lib/domain/document-models/model.js';
import type { PaymentLine } from '../../lib/domain/document-models/proforma-invoice.js';
import type { TenantProfile } from '../../lib/domain/tenant-profile.js';
import type { Vehicle } from '../../lib/domain/vehicle.js';
import type { DocumentImages } from '../../lib/documents/pdf.js';
import { DEMO_IMAGES_DIR, GULF_MOTORS_PROFILE } from '../local/demo-profiles.js';

export const SAMPLE_DATE = '2026-11-20';
/** Page images at this resolution (the tests' poppler reads pages at 60 dpi too): enough to read, small enough to keep. */
export const SAMPLE_DPI = 60;

export const SELLER: TenantProfile = GULF_MOTORS_PROFILE.text;

export const VEHICLE: Vehicle = {
  make: 'Kia',
  model: 'Sorento',
  grade: 'Signature',
  year: 2022,
  vin: 'KNAPU81BDN7123456',
  engineNumber: 'G4KN-2C718304',
  displacementCc: 2497,
  fuelType: 'Gasoline',
  color: 'Pearl White',
  mileageKm: 45200,
  condition: 'used',
  vehicleType: 'SUV',
};

export const INVOICE: CustomsInvoiceData = {
  buyerName: 'Layla Haddad',
  buyerAddress: 'Marina Gate 2, Apt 1806, Dubai Marina, Dubai',
  buyerPhone: '+971501234567',
  buyerCountry: 'AE',
  notifyParty: 'Al Futtaim Logistics, Jebel Ali Free Zone',
  items: [
    { description: 'Kia Sorento Signature 2022, used, VIN KNAPU81BDN7123456', amount: 17000 },
    { description: 'Ocean freight Incheon to Jebel Ali (RoRo)', amount: 1500.5 },
  ],
  currency: 'USD',
  total: 18500.5,
  incoterms: 'CFR',
  portOfDischarge: 'Jebel Ali, UAE',
  paymentTerms: '100% paid in advance by bank transfer before shipment.',
};

export const SHIPMENT: ShipmentFacts = {
  vessel: 'Morning Calm',
  voyage: '112W',
  // As staff record them: the documents name them in their language ("Incheon (KRINC)", "إنتشون (KRINC)").
  portOfLoading: 'KRINC',
  portOfDischarge: 'AEJEA',
  billOfLadingNumber: 'HDMUINCA12345600',
};

export const PAYMENTS: PaymentLine[] = [
  { kind: 'deposit', date: '2026-10-02', amount: 2000 },
  { kind: 'instalment', date: '2026-10-20', amount: 8000 },
];

export const CONTRACT = {
  contractNumber: 17,
  buyer: {
    name: 'Layla Haddad',
    nameAr: 'ليلى حداد',
    idNumber: 'P1234567',
    phone: '+971501234567',
    email: 'layla@example.com',
    address: 'Marina Gate 2, Apt 1806, Dubai Marina, Dubai',
    country: 'AE',
  },
  terms:
    'The vehicle is sold as inspected on 2026-10-05. Shipping to Jebel Ali is included; import duty and registration in the UAE are paid by the buyer.',
  signedOn: '2026-10-08',
};

export interface Sample {
  name: string;
  title: string;
  /** What the API function sends the renderer. */
  document: DocumentFacts;
  /** Its text, as the renderer composes it. */
  model: DocumentModel;
}

const proforma = (language: DocumentLanguage, seller: TenantProfile): DocumentFacts => ({
  type: 'proforma-invoice',
  input: {
    language,
    date: SAMPLE_DATE,
    validUntil: '2026-12-04',
    proformaNumber: 'PI-00031',
    orderNumber: 1042,
    seller,
    buyer: { name: 'Layla Haddad', phone: '+971501234567', email: 'layla@example.com' },
    vehicle: VEHICLE,
    totalAmount: 18500,
    currency: 'USD',
    payments: PAYMENTS,
  },
});

const sample = (name: string, title: string, document: DocumentFacts): Sample => ({
  name,
  title,
  document,
  model: composeDocument(document),
});

/** Each document in each language, dated SAMPLE_DATE; and the Arabic proforma of a seller that writes Arabic-Indic digits. */
export function sampleDocuments(): Sample[] {
  const documents = (['en', 'ar'] as DocumentLanguage[]).flatMap((language): Sample[] => [
    sample(`customs-invoice-${language}`, 'Commercial invoice #1042', {
      type: 'customs-invoice',
      input: {
        language,
        date: SAMPLE_DATE,
        invoiceNumber: 'CI-00042',
        orderNumber: 1042,
        seller: SELLER,
        invoice: INVOICE,
        vehicle: VEHICLE,
        shipment: SHIPMENT,
      },
    }),
    sample(`proforma-invoice-${language}`, 'Proforma invoice #1042', proforma(language, SELLER)),
    sample(`contract-${language}`, 'Sales contract #17', {
      type: 'contract',
      input: {
        language,
        date: SAMPLE_DATE,
        contractNumber: CONTRACT.contractNumber,
        orderNumber: 1042,
        seller: SELLER,
        buyer: CONTRACT.buyer,
        vehicle: VEHICLE,
        totalAmount: 18500,
        currency: 'USD',
        terms: CONTRACT.terms,
        signedOn: CONTRACT.signedOn,
      },
    }),
  ]);
  return [
    ...documents,
    sample(
      'proforma-invoice-ar-indic',
      'Proforma invoice #1042',
      proforma('ar', { ...SELLER, arabicDigits: 'arabic-indic' }),
    ),
  ];
}

/** The demo seller's logo and stamp. */
export const sampleImages = (): DocumentImages => ({
  logo: readFileSync(join(DEMO_IMAGES_DIR, GULF_MOTORS_PROFILE.images.logo)),
  stamp: readFileSync(join(DEMO_IMAGES_DIR, GULF_MOTORS_PROFILE.images.stamp)),
});
