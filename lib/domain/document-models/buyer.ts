import { countryName } from '../../text/countries.js';
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
