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

/** Codes the Unicode data names that are not ISO 3166-1 countries: unions, reservations, retired codes. */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'FX', 'IC', 'SU', 'TA', 'UK', 'UN']);

/** Whether a two-letter code names a country (ISO 3166-1 alpha-2, as the runtime's Unicode data knows them). */
export function isCountryCode(code: string): boolean {
  const upper = code.trim().toUpperCase();
  return (
    /^[A-Z]{2}$/.test(upper) &&
    !PRIVATE_USE.test(upper) &&
    !NOT_COUNTRIES.has(upper) &&
    NAMES.en.of(upper) !== undefined
  );
}

const A_TO_Z = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let byName: Map<string, string> | undefined;

/** Names folded for matching: case, accents, Arabic letter forms and "the" set aside. */
const folded = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/^ال/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** A few names people write that the Unicode data spells otherwise. */
const ALSO_CALLED: Record<string, string> = {
  uae: 'AE',
  emirates: 'AE',
  ksa: 'SA',
  saudi: 'SA',
  الامارات: 'AE',
  السعوديه: 'SA',
  usa: 'US',
  uk: 'GB',
};

/**
 * The country a text names: an ISO code ("KW", "kw"), or a country's name in English or Arabic
 * ("Kuwait", "الكويت", "Saudi Arabia", "UAE"); undefined when it names none.
 */
export function countryCodeOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (isCountryCode(trimmed)) return trimmed.toUpperCase();
  if (!byName) {
    byName = new Map();
    for (const a of A_TO_Z)
      for (const b of A_TO_Z) {
        const code = a + b;
        if (!isCountryCode(code)) continue;
        for (const language of ['en', 'ar'] as const) byName.set(folded(NAMES[language].of(code)!), code);
      }
    for (const [name, code] of Object.entries(ALSO_CALLED)) byName.set(folded(name), code);
  }
  return byName.get(folded(trimmed));
}
