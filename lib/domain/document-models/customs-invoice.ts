import { DOCUMENT_WORDS } from '../../text/document-words.js';
import { portName } from '../../text/ports.js';
import { amountInWords } from '../amount-in-words.js';
import { hsCodeOf } from '../hs-code.js';
import { originOfMake, originOfVin } from '../origin.js';
import type { Incoterm, TenantProfile } from '../tenant-profile.js';
import type { Vehicle } from '../vehicle.js';
import type { ConsigneeDetails } from '../consignee.js';
import { buyerParty, consigneeAsBuyer, consigneeToName } from './buyer.js';
import { digitsOf, fact, money, numeral, type DocumentLanguage, type DocumentModel } from './model.js';
import { letterheadOf, sellerName, sellerParty } from './seller.js';
import { vehicleFacts } from './vehicle-facts.js';

/** The customs invoice as staff stored it (PATCH /orders/{id}/customs-invoice). */
export interface CustomsInvoiceData {
  buyerName: string;
  buyerAddress?: string;
  buyerPhone?: string;
  buyerCountry?: string;
  notifyParty?: string;
  items: Array<{ description: string; amount: number }>;
  currency: string;
  total: number;
  notes?: string;
  hsCode?: string;
  countryOfOrigin?: string;
  incoterms?: Incoterm;
  incotermsPlace?: string;
  portOfDischarge?: string;
  paymentTerms?: string;
}

/** What the shipment adds when it has it (PATCH /orders/{id}/shipment). */
export interface ShipmentFacts {
  vessel?: string;
  voyage?: string;
  portOfLoading?: string;
  portOfDischarge?: string;
  billOfLadingNumber?: string;
  containerNumber?: string;
}

export interface CustomsInvoiceInput {
  language: DocumentLanguage;
  date: string;
  invoiceNumber: string;
  orderNumber: number;
  seller: TenantProfile;
  invoice: CustomsInvoiceData;
  vehicle: Vehicle;
  shipment?: ShipmentFacts;
  /** The order's consignee (PATCH /orders/{id}/consignee, or the buyer's page), and its customer's name. */
  consignee?: ConsigneeDetails;
  customerName?: string;
}

/** Terms under which the seller's duty ends at the port of loading: the named place is that port. */
const AT_LOADING = new Set<Incoterm>(['EXW', 'FCA', 'FAS', 'FOB']);

/** What customs reads off the invoice, each from the invoice first, then the shipment, the profile or the car. */
export function customsTerms(input: Pick<CustomsInvoiceInput, 'seller' | 'invoice' | 'vehicle' | 'shipment'>) {
  const { seller, invoice, vehicle, shipment } = input;
  const hs = invoice.hsCode
    ? { code: invoice.hsCode }
    : hsCodeOf({
        fuelType: vehicle.fuelType,
        displacementCc: vehicle.displacementCc,
        vehicleType: vehicle.vehicleType,
      });
  const incoterms = invoice.incoterms ?? seller.defaultIncoterms;
  const portOfLoading = shipment?.portOfLoading ?? seller.portOfLoading;
  const portOfDischarge = shipment?.portOfDischarge ?? invoice.portOfDischarge;
  const place = invoice.incotermsPlace ?? (incoterms && AT_LOADING.has(incoterms) ? portOfLoading : portOfDischarge);
  return {
    hsCode: 'code' in hs ? hs.code : undefined,
    hsMissing: 'missing' in hs ? hs.missing : [],
    // Where it was built: as stated, else from the VIN's plant code, else the make's home.
    origin:
      invoice.countryOfOrigin ??
      (vehicle.vin ? originOfVin(vehicle.vin) : undefined) ??
      (vehicle.make ? originOfMake(vehicle.make) : undefined),
    incoterms,
    place,
    portOfLoading,
    portOfDischarge,
  };
}

/**
 * What the invoice lacks to clear customs, named as the request that fills it names the field
 * (customsInvoice.* on PATCH /orders/{id}/customs-invoice, the car on the order or its contract).
 * The seller's profile is checked apart (profileGaps).
 */
/** Where a client gives what the HS code is derived from: the customs invoice's own fields. */
const HS_INPUTS = { fuelType: 'customsInvoice.fuelType', displacementCc: 'customsInvoice.engineCapacityCc' } as const;

export function customsInvoiceGaps(
  input: Pick<CustomsInvoiceInput, 'seller' | 'invoice' | 'vehicle' | 'shipment'>,
): string[] {
  const { vehicle } = input;
  const terms = customsTerms(input);
  return [
    ...(vehicle.make ? [] : ['car.make']),
    ...(vehicle.model ? [] : ['car.model']),
    ...(vehicle.year ? [] : ['car.year']),
    ...(vehicle.vin ? [] : ['car.vin']),
    ...(terms.hsCode
      ? []
      : [`customsInvoice.hsCode (or ${terms.hsMissing.map((name) => HS_INPUTS[name]).join(' and ')})`]),
    ...(terms.origin ? [] : ['customsInvoice.countryOfOrigin']),
    ...(terms.incoterms ? [] : ['customsInvoice.incoterms']),
    ...(terms.portOfLoading ? [] : ['shipment.portOfLoading']),
    ...(terms.portOfDischarge ? [] : ['customsInvoice.portOfDischarge']),
  ];
}

/** The commercial invoice customs clears the car on: seller, consignee, the car in full, terms, ports, amounts in figures and words, signed and stamped. */
export function customsInvoiceModel(input: CustomsInvoiceInput): DocumentModel {
  const { language, seller, invoice, vehicle, shipment } = input;
  const w = DOCUMENT_WORDS[language];
  const terms = customsTerms(input);
  const digits = digitsOf(language, seller);
  // A port by its name in the document's language with its code, as the buyer's page shows it ("Dammam (SADMM)"); one not listed as recorded.
  const port = (recorded: string | undefined) => (recorded === undefined ? undefined : portName(recorded, language));
  // The buyer/consignee: the order's consignee, unless staff named their own buyer on the invoice.
  const consignee = consigneeToName(input.consignee, invoice.buyerName, input.customerName);
  const notifyParty = invoice.notifyParty ?? consignee?.notifyParty;
  return {
    language,
    title: w['customs-invoice'],
    meta: [
      [w.invoiceNumber, input.invoiceNumber],
      [w.date, numeral(input.date, digits)],
      [w.order, `#${input.orderNumber}`],
    ],
    letterhead: letterheadOf(seller, w, language),
    parties: [
      sellerParty(seller, w, language, w.seller),
      buyerParty(
        consignee
          ? consigneeAsBuyer(consignee)
          : {
              name: invoice.buyerName,
              address: invoice.buyerAddress,
              country: invoice.buyerCountry,
              phone: invoice.buyerPhone,
            },
        w,
        language,
        w.buyer,
      ),
      ...(notifyParty ? [{ heading: w.notifyParty, lines: [notifyParty] }] : []),
    ],
    sections: [
      {
        heading: w.vehicle,
        facts: vehicleFacts(vehicle, w, language, digits, { hsCode: terms.hsCode, origin: terms.origin }),
      },
      {
        heading: w.shipment,
        facts: [
          ...fact(w.incoterms, [terms.incoterms, port(terms.place)].filter(Boolean).join(' ')),
          ...fact(w.portOfLoading, port(terms.portOfLoading)),
          ...fact(w.portOfDischarge, port(terms.portOfDischarge)),
          ...fact(w.vessel, [shipment?.vessel, shipment?.voyage].filter(Boolean).join(' / ')),
          ...fact(w.billOfLading, shipment?.billOfLadingNumber),
          ...fact(w.container, shipment?.containerNumber),
          [w.currency, invoice.currency],
        ],
      },
    ],
    table: {
      columns: [w.description, w.amount],
      lines: invoice.items.map((item) => [item.description, money(item.amount, invoice.currency, digits)]),
      totals: [[w.total, money(invoice.total, invoice.currency, digits)]],
    },
    inWords: [w.inWords, amountInWords(invoice.total, invoice.currency, language)],
    paragraphs: [
      ...(invoice.paymentTerms ? [{ heading: w.paymentTerms, text: invoice.paymentTerms }] : []),
      ...(invoice.notes ? [{ heading: w.notes, text: invoice.notes }] : []),
      { heading: w.declaration, text: w.declarationText },
    ],
    signatures: [{ heading: w.forSeller, name: `${sellerName(seller, language)} · ${w.sellerSignature}`, stamp: true }],
    footer: w.footer,
  };
}
