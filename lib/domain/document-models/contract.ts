import { DOCUMENT_WORDS } from '../../text/document-words.js';
import { amountInWords } from '../amount-in-words.js';
import type { TenantProfile } from '../tenant-profile.js';
import type { Vehicle } from '../vehicle.js';
import { vehicleLabel } from '../vehicle.js';
import { buyerParty, type BuyerFacts } from './buyer.js';
import { digitsOf, money, numeral, type DocumentLanguage, type DocumentModel } from './model.js';
import { letterheadOf, sellerName, sellerParty } from './seller.js';
import { vehicleFacts } from './vehicle-facts.js';

export interface ContractInput {
  language: DocumentLanguage;
  date: string;
  contractNumber: number;
  orderNumber: number;
  seller: TenantProfile;
  /** The contract's own customer fields. */
  buyer: BuyerFacts;
  /** The contract's car fields first, then the order's. */
  vehicle: Vehicle;
  totalAmount: number;
  currency: string;
  terms?: string;
  notes?: string;
  /** The buyer's signature, when the contract is signed: the seller's day. */
  signedOn?: string;
}

/** The sales contract from its own fields: the parties, the car with its VIN, the price in figures and words, its terms, both signatures. */
export function contractModel(input: ContractInput): DocumentModel {
  const { language, seller, vehicle, currency } = input;
  const w = DOCUMENT_WORDS[language];
  const digits = digitsOf(language, seller);
  return {
    language,
    title: w.contract,
    meta: [
      [w.contractNumber, `#${input.contractNumber}`],
      [w.date, numeral(input.date, digits)],
      [w.order, `#${input.orderNumber}`],
    ],
    letterhead: letterheadOf(seller, w, language),
    parties: [sellerParty(seller, w, language, w.sellerOnly), buyerParty(input.buyer, w, language, w.buyerOnly)],
    sections: [{ heading: w.vehicle, facts: vehicleFacts(vehicle, w, language, digits) }],
    table: {
      columns: [w.description, w.amount],
      lines: [
        [
          `${w.vehiclePrice}: ${vehicleLabel(vehicle, language, input.orderNumber)}`,
          money(input.totalAmount, currency, digits),
        ],
      ],
      totals: [[w.price, money(input.totalAmount, currency, digits)]],
    },
    inWords: [w.inWords, amountInWords(input.totalAmount, currency, language)],
    paragraphs: [
      { heading: w.terms, text: [w.contractClause, input.terms].filter(Boolean).join('\n') },
      ...(input.notes ? [{ heading: w.notes, text: input.notes }] : []),
    ],
    signatures: [
      { heading: w.forSeller, name: sellerName(seller, language), stamp: true },
      {
        heading: w.forBuyer,
        name: language === 'ar' && input.buyer.nameAr ? input.buyer.nameAr : input.buyer.name,
        ...(input.signedOn ? { date: `${w.signedOn}: ${numeral(input.signedOn, digits)}` } : {}),
      },
    ],
    footer: w.footer,
  };
}
