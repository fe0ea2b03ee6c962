import { minorUnits } from '../money.js';
/**
 * What a generated document says, composed in its language from its facts (compose.ts, with lib/text/document-words.ts), as the
 * renderer (lib/documents/pdf.ts) lays it out: a letterhead, the title with its numbers, the
 * parties, headed groups of facts, the table of amounts, the total in words, paragraphs and the
 * signature boxes. Arabic documents are mirrored.
 */
export type DocumentLanguage = 'en' | 'ar';
export type Pair = [string, string];

export interface DocumentModel {
  language: DocumentLanguage;
  title: string;
  /** The document's own numbers and dates, beside the title (invoice number, date, order, validity). */
  meta: Pair[];
  /** Who issues it: the seller's name and address lines, beside the logo. */
  letterhead: { name: string; lines: string[] };
  /** Boxes side by side: seller/exporter, buyer/consignee, notify party. */
  parties: Array<{ heading: string; lines: string[] }>;
  /** Headed groups of label and value: the car, the shipment, the bank to pay into. */
  sections: Array<{ heading: string; facts: Pair[] }>;
  /** The lines and their amounts; the last total is the one that counts. */
  table: { columns: Pair; lines: Pair[]; totals: Pair[] };
  /** The total in words, as customs and banks read it. */
  inWords?: Pair;
  /** Headed paragraphs: payment terms, the contract's terms, notes. */
  paragraphs: Array<{ heading: string; text: string }>;
  /** Signature boxes; the seller's carries the stamp when the profile has one. */
  signatures: Array<{ heading: string; name: string; stamp?: boolean; date?: string }>;
  footer: string;
}

/** Whether a piece of text holds Arabic letters (and is laid out right to left). */
export const isArabic = (text: string): boolean => /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(text);

/** Every piece of text a model prints, for checks that each character has a glyph. */
export function textsOf(model: DocumentModel): string[] {
  return [
    model.title,
    ...model.meta.flat(),
    model.letterhead.name,
    ...model.letterhead.lines,
    ...model.parties.flatMap((p) => [p.heading, ...p.lines]),
    ...model.sections.flatMap((s) => [s.heading, ...s.facts.flat()]),
    ...model.table.columns,
    ...model.table.lines.flat(),
    ...model.table.totals.flat(),
    ...(model.inWords ?? []),
    ...model.paragraphs.flatMap((p) => [p.heading, p.text]),
    ...model.signatures.flatMap((s) => [s.heading, s.name, s.date ?? '']),
    model.footer,
  ];
}

/** How a document writes its numbers: Western digits, or Arabic-Indic ones on an Arabic document whose seller asks for them. */
export type Digits = 'western' | 'arabic-indic';

const INDIC = '٠١٢٣٤٥٦٧٨٩';
/** A number as the document writes it: amounts, dates and quantities (never codes, VINs, IBANs or phone numbers). */
export const numeral = (text: string, digits: Digits = 'western'): string =>
  digits === 'western'
    ? text
    : text.replace(/[0-9.,]/g, (c) => (c === '.' ? '٫' : c === ',' ? '٬' : INDIC[Number(c)]!));

/** An amount with its currency, in the currency's decimals (ISO 4217, as the amount in words: KRW none, the dinars three). */
export function money(amount: number, currency: string, digits: Digits = 'western'): string {
  const decimals = minorUnits(currency.toUpperCase());
  return `${numeral(amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }), digits)} ${currency}`;
}

/** The digits of a document in this language for this seller. */
export const digitsOf = (language: DocumentLanguage, seller: { arabicDigits?: Digits }): Digits =>
  language === 'ar' ? (seller.arabicDigits ?? 'western') : 'western';

/** A label and value when there is a value. */
export const fact = (label: string, value: unknown): Pair[] =>
  value === undefined || value === null || value === '' ? [] : [[label, String(value)]];
