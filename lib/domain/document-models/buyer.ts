import { countryName } from '../../text/countries.js';
import type { ConsigneeDetails } from '../consignee.js';
import type { DocumentWords } from '../../text/document-words.js';
import type { DocumentLanguage } from './model.js';

/** The buyer as a document prints it; only the name is required. */
export interface BuyerFacts {
  name: string;
  nameAr?: string;
  address?: string;
  /** ISO 3166-1 alpha-2, or a country's name as staff typed it. */
  country?: string;
  phone?: string;
  email?: string;
  idNumber?: string;
}

export function buyerParty(
  buyer: BuyerFacts,
  w: DocumentWords,
  language: DocumentLanguage,
  heading: string,
): { heading: string; lines: string[] } {
  const name = language === 'ar' && buyer.nameAr ? buyer.nameAr : buyer.name;
  const country =
    buyer.country && /^[A-Z]{2}$/.test(buyer.country) ? countryName(buyer.country, language) : buyer.country;
  return {
    heading,
    lines: [
      name,
      ...(buyer.address ? [buyer.address] : []),
      ...(country ? [country] : []),
      ...(buyer.idNumber ? [`${w.idNumber}: ${buyer.idNumber}`] : []),
      ...(buyer.phone ? [`${w.phone} ${buyer.phone}`] : []),
      ...(buyer.email ? [buyer.email] : []),
    ],
  };
}

/** The consignee as a document's buyer/consignee box prints it. */
export const consigneeAsBuyer = (c: ConsigneeDetails): BuyerFacts => ({
  name: c.name,
  address: `${c.address}, ${c.city}`,
  country: c.country,
  phone: c.phone,
  idNumber: c.idNumber,
  ...(c.email ? { email: c.email } : {}),
});

const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The consignee the documents name, if they name it: the order's, unless staff named a buyer of
 * their own on the customs invoice (a buyerName other than the order's customer), which then
 * stands. A customs invoice stored with the customer's name was not a choice against the consignee.
 */
export function consigneeToName(
  consignee: ConsigneeDetails | undefined,
  invoiceBuyerName: string | undefined,
  customerName: string | undefined,
): ConsigneeDetails | undefined {
  if (!consignee) return undefined;
  if (invoiceBuyerName !== undefined && !sameName(invoiceBuyerName, customerName ?? '')) return undefined;
  return consignee;
}
