import { DOCUMENT_WORDS } from '../../text/document-words.js';
import { amountInWords } from '../amount-in-words.js';
import type { TenantProfile } from '../tenant-profile.js';
import { vehicleLabel, type Vehicle } from '../vehicle.js';
import { buyerParty, type BuyerFacts } from './buyer.js';
import { digitsOf, money, numeral, type DocumentLanguage, type DocumentModel, type Pair } from './model.js';
import { bankFacts, letterheadOf, sellerName, sellerParty } from './seller.js';
import { vehicleFacts } from './vehicle-facts.js';

export type PaymentKind = 'deposit' | 'instalment' | 'payment' | 'wallet' | 'refund';

/** Money the order has received (or given back), each with its own label and day. */
export interface PaymentLine {
  kind: PaymentKind;
  /** The seller's day it was confirmed, YYYY-MM-DD. */
  date: string;
  /** Positive; a refund is subtracted from what was received. */
  amount: number;
}

export interface ProformaInput {
  language: DocumentLanguage;
  date: string;
  validUntil: string;
  proformaNumber: string;
  orderNumber: number;
  seller: TenantProfile;
  buyer: BuyerFacts;
  vehicle: Vehicle;
  totalAmount: number;
  currency: string;
  payments: PaymentLine[];
}

/** The label a receipt's first item type gives it ("deposit", "instalment"), else a plain payment. */
export function paymentKindOf(itemType: string | undefined): PaymentKind {
  const type = (itemType ?? '').toLowerCase();
  if (type.startsWith('deposit')) return 'deposit';
  if (type.startsWith('instal') || type.startsWith('install')) return 'instalment';
  return 'payment';
}

/**
 * A receipt's label: the order's deposit receipt (made with the order from its receipt fields, with
 * no items to say so) is the deposit; any other is labelled by its first item's type.
 */
export function receiptKindOf(
  receipt: { id: string; items: ReadonlyArray<{ type?: string }> },
  depositReceiptId: string | undefined,
): PaymentKind {
  return receipt.id === depositReceiptId ? 'deposit' : paymentKindOf(receipt.items[0]?.type);
}

/** What has been received net of refunds, and what remains (never below zero). */
export function balanceOf(totalAmount: number, payments: PaymentLine[]): { received: number; due: number } {
  const cents = (n: number) => Math.round(n * 1000);
  const received =
    payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -cents(p.amount) : cents(p.amount)), 0) / 1000;
  return { received, due: Math.max(0, (cents(totalAmount) - cents(received)) / 1000) };
}

/** The proforma a buyer pays from: seller, buyer, the car, the price, every payment with its label and day, the balance, the bank, its validity. */
export function proformaModel(input: ProformaInput): DocumentModel {
  const { language, seller, vehicle, currency } = input;
  const w = DOCUMENT_WORDS[language];
  const { received, due } = balanceOf(input.totalAmount, input.payments);
  const digits = digitsOf(language, seller);
  const lines: Pair[] = [
    [
      `${w.vehiclePrice}: ${vehicleLabel(vehicle, language, input.orderNumber)}`,
      money(input.totalAmount, currency, digits),
    ],
    ...input.payments.map(
      (p): Pair => [
        `${w[p.kind]} · ${numeral(p.date, digits)}`,
        `${p.kind === 'refund' ? '+' : '−'}${money(p.amount, currency, digits)}`,
      ],
    ),
  ];
  return {
    language,
    title: w['proforma-invoice'],
    meta: [
      [w.proformaNumber, input.proformaNumber],
      [w.date, numeral(input.date, digits)],
      [w.validUntil, numeral(input.validUntil, digits)],
      [w.order, `#${input.orderNumber}`],
    ],
    letterhead: letterheadOf(seller, w, language),
    parties: [sellerParty(seller, w, language, w.sellerOnly), buyerParty(input.buyer, w, language, w.buyerOnly)],
    sections: [
      { heading: w.vehicle, facts: vehicleFacts(vehicle, w, language, digits) },
      { heading: w.bank, facts: bankFacts(seller, w, input.proformaNumber) },
    ],
    table: {
      columns: [w.description, w.amount],
      lines,
      totals: [
        [w.total, money(input.totalAmount, currency, digits)],
        [w.received, money(received, currency, digits)],
        [w.balanceDue, money(due, currency, digits)],
      ],
    },
    inWords: [`${w.inWords} (${w.balanceDue})`, amountInWords(due, currency, language)],
    paragraphs: [{ heading: w.paymentTerms, text: w.proformaTerms }],
    signatures: [{ heading: w.forSeller, name: sellerName(seller, language), stamp: true }],
    footer: w.footer,
  };
}
