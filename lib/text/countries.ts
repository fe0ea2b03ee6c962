/**
 * Country names for ISO 3166-1 alpha-2 codes, in English and Arabic, from the runtime's own
 * Unicode data (Node's full ICU), rather than a table of 250 names to keep up to date.
 */
const NAMES = {
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }),
  ar: new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'none' }),
};

/** Codes reserved for private use (ZZ is ICU's "Unknown Region"): no country to name. */
const PRIVATE_USE = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;

/** The country's name ("United Arab Emirates", "الإمارات العربية المتحدة"), or the code itself when it names none. */
export function countryName(code: string, language: 'en' | 'ar'): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || PRIVATE_USE.test(upper)) return upper;
  return NAMES[language].of(upper) ?? upper;
}
