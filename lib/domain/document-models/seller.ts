import { countryName } from '../../text/countries.js';
import type { DocumentWords } from '../../text/document-words.js';
import { compactIban, type TenantProfile } from '../tenant-profile.js';
import type { DocumentLanguage, Pair } from './model.js';
import { fact } from './model.js';

/** The seller's name in the document's language (the Arabic legal name on an Arabic document). */
export const sellerName = (profile: TenantProfile, language: DocumentLanguage): string =>
  (language === 'ar' ? profile.legalName?.ar : undefined) ?? profile.legalName?.en ?? '';

function addressLines(profile: TenantProfile, language: DocumentLanguage): string[] {
  const { line1, line2, city, postalCode, country } = profile.address ?? {};
  const place = [city, postalCode, country ? countryName(country, language) : undefined].filter(Boolean).join(', ');
  return [line1, line2, place].filter((line): line is string => Boolean(line));
}

/** The letterhead: the seller's name, address, how to reach it and its registration. */
export function letterheadOf(
  profile: TenantProfile,
  w: DocumentWords,
  language: DocumentLanguage,
): { name: string; lines: string[] } {
  const reach = [profile.phone ? `${w.phone} ${profile.phone}` : '', profile.email ?? ''].filter(Boolean).join('   ');
  const registration = [
    profile.registrationNumber ? `${w.registration}: ${profile.registrationNumber}` : '',
    profile.taxNumber ? `${w.taxNumber}: ${profile.taxNumber}` : '',
  ]
    .filter(Boolean)
    .join('   ');
  return {
    name: sellerName(profile, language),
    lines: [...addressLines(profile, language), reach, registration].filter(Boolean),
  };
}

/** The seller's party box: name, address, registration, tax number, phone and email. */
export function sellerParty(
  profile: TenantProfile,
  w: DocumentWords,
  language: DocumentLanguage,
  heading: string,
): { heading: string; lines: string[] } {
  return {
    heading,
    lines: [
      sellerName(profile, language),
      ...addressLines(profile, language),
      ...(profile.registrationNumber ? [`${w.registration}: ${profile.registrationNumber}`] : []),
      ...(profile.taxNumber ? [`${w.taxNumber}: ${profile.taxNumber}`] : []),
      ...(profile.phone ? [`${w.phone} ${profile.phone}`] : []),
      ...(profile.email ? [profile.email] : []),
    ],
  };
}

/** The account to pay into, with the reference the payment should quote. */
export function bankFacts(profile: TenantProfile, w: DocumentWords, reference: string): Pair[] {
  const bank = profile.bank ?? {};
  return [
    ...fact(w.bankName, bank.bankName),
    ...fact(w.accountName, bank.accountName),
    ...fact(
      w.iban,
      bank.iban
        ? compactIban(bank.iban)
            .replace(/(.{4})/g, '$1 ')
            .trim()
        : undefined,
    ),
    ...fact(w.accountNumber, bank.accountNumber),
    ...fact(w.swift, bank.swift?.toUpperCase()),
    [w.reference, reference],
  ];
}
