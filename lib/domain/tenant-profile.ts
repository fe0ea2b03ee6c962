import { crc32 } from 'node:zlib';
import { withArticle } from '../text/article.js';
/**
 * The tenant's legal profile: who the seller is on every document (names, registration, address,
 * bank, logo and stamp), and the rules a document holds it to. Pure: no I/O.
 */

/** Incoterms 2020, the eleven rules a sale of goods names. */
export const INCOTERMS = ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

export const ARABIC_DIGITS = ['western', 'arabic-indic'] as const;
export type ArabicDigits = (typeof ARABIC_DIGITS)[number];

export const PROFILE_IMAGES = ['logo', 'stamp'] as const;
export type ProfileImage = (typeof PROFILE_IMAGES)[number];

export interface StoredImage {
  /** Object key in the service's bucket. */
  key: string;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
}

/** The profile as stored: every field optional, so it can be filled in over time (profileGaps says what a document lacks). */
export interface TenantProfile {
  legalName?: { en?: string; ar?: string };
  address?: { line1?: string; line2?: string; city?: string; postalCode?: string; country?: string };
  /** Trade licence or commercial registration number. */
  registrationNumber?: string;
  /** VAT or tax registration number, where the country has one. */
  taxNumber?: string;
  phone?: string;
  email?: string;
  /** An IBAN where the bank's country has them; else the account number (Korea, the US). */
  bank?: { bankName?: string; accountName?: string; iban?: string; accountNumber?: string; swift?: string };
  defaultIncoterms?: Incoterm;
  /** Where cars are loaded, e.g. "Incheon, Korea". */
  portOfLoading?: string;
  /** How Arabic documents write amounts and dates: Western digits (the default, as Gulf banks and customs read them) or Arabic-Indic. */
  arabicDigits?: ArabicDigits;
  logo?: StoredImage;
  stamp?: StoredImage;
}

/** The documents the service generates, and what each needs of the seller. */
export const PROFILE_DOCUMENTS = ['customs-invoice', 'proforma-invoice', 'contract'] as const;
export type ProfileDocument = (typeof PROFILE_DOCUMENTS)[number];

/** Field paths every document prints for its seller, then what each document adds. */
const SELLER = [
  'legalName.en',
  'address.line1',
  'address.city',
  'address.country',
  'registrationNumber',
  'phone',
  'email',
];
const NEEDED: Record<ProfileDocument, readonly string[]> = {
  // Customs clears a commercial invoice that names the exporter, its terms and port, signed and stamped.
  'customs-invoice': [...SELLER, 'defaultIncoterms', 'portOfLoading', 'stamp'],
  // A buyer pays a proforma into the account it names.
  'proforma-invoice': [...SELLER, 'bank.bankName', 'bank.accountName', 'bank.iban|bank.accountNumber', 'bank.swift'],
  contract: [...SELLER, 'stamp'],
};

const valueAt = (profile: TenantProfile | undefined, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      profile,
    );

/**
 * What a document of this kind would print blank: the profile fields it needs that are not set,
 * plus the Arabic legal name for an Arabic document. Empty when it can be generated.
 */
export function profileGaps(
  profile: TenantProfile | undefined,
  document: ProfileDocument,
  language: 'en' | 'ar' = 'en',
): string[] {
  const needed = [...NEEDED[document], ...(language === 'ar' ? ['legalName.ar'] : [])];
  const blank = (path: string) => {
    const value = valueAt(profile, path);
    return value === undefined || value === null || value === '';
  };
  // "a|b": either will do; the gap is named by the first.
  return needed.filter((paths) => paths.split('|').every(blank)).map((paths) => paths.split('|')[0]!);
}

/** What each document still needs, for a profile page that says what is missing before anyone generates one. */
export const gapsByDocument = (
  profile: TenantProfile | undefined,
  language?: 'en' | 'ar',
): Record<ProfileDocument, string[]> =>
  Object.fromEntries(
    PROFILE_DOCUMENTS.map((document) => [document, profileGaps(profile, document, language)]),
  ) as Record<ProfileDocument, string[]>;

/** An IBAN as banks print it, without spaces and in capitals. */
export const compactIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: two letters, two check digits, up to 30 letters and digits, whose mod 97 is 1. */
export function ibanProblem(iban: string): string | undefined {
  const compact = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact))
    return 'must be an IBAN: two letters, two check digits and the account, e.g. AE070331234567890123456';
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1
    ? undefined
    : `must be an IBAN whose check digits match its account: check digits ${compact.slice(2, 4)} do not (a typing error?), e.g. AE070331234567890123456`;
}

/** ISO 9362 BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const swiftProblem = (swift: string): string | undefined =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift.toUpperCase())
    ? undefined
    : 'must be a SWIFT/BIC code of 8 or 11 letters and digits, e.g. EBILAEAD or EBILAEADXXX';

/** The limits an uploaded logo or stamp is held to: large enough to print, small enough for a page and for a request body (256 KB, base64 included). */
export const IMAGE_LIMITS = { maxBytes: 180 * 1024, minSide: 32, maxSide: 4000 } as const;

export interface ImageFacts {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** An image of a known kind whose bytes stop short or do not add up: it could not be printed. */
type Broken = { broken: string };

/**
 * PNG: the signature, then IHDR's width and height; and the whole file read as chunks, each
 * whole and with its checksum right, image data in it, up to IEND. A file cut short or damaged
 * would be stored and then fail every document it is printed on.
 */
function pngFacts(bytes: Uint8Array): ImageFacts | Broken | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((b, i) => bytes[i] === b)) return undefined;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let imageData = false;
  for (;;) {
    if (offset + 12 > bytes.length) return { broken: 'the PNG file stops short (no IEND): upload the whole file' };
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > bytes.length)
      return { broken: `the PNG file stops short inside its ${type} chunk: upload the whole file` };
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length))
      return { broken: `the PNG file is damaged: its ${type} chunk does not match its checksum` };
    if (type === 'IDAT') imageData = true;
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!imageData) return { broken: 'the PNG file holds no image data (IDAT)' };
  return { contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * JPEG: SOI, then segments up to the first start-of-frame marker, which holds the size; and the
 * image data after it (SOS) up to the end-of-image marker, so a file cut short is refused.
 */
function jpegFacts(bytes: Uint8Array): ImageFacts | Broken | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  while (offset + 3 < bytes.length) {
    if (bytes[offset] !== 0xff)
      return size
        ? { broken: 'the JPEG file is damaged: a segment does not start where the one before it ends' }
        : undefined;
    const marker = bytes[offset + 1]!;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (
      !size &&
      marker >= 0xc0 &&
      marker <= 0xcf &&
      marker !== 0xc4 &&
      marker !== 0xc8 &&
      marker !== 0xcc &&
      offset + 9 < bytes.length
    ) {
      size = {
        height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
        width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!,
      };
    }
    if (marker === 0xda) {
      if (!size) return undefined;
      // The entropy-coded data runs to the end-of-image marker (FF D9); only padding may follow it.
      for (let end = bytes.length - 2; end > offset; end -= 1) {
        if (bytes[end] === 0xff && bytes[end + 1] === 0xd9) return { contentType: 'image/jpeg', ...size };
      }
      return { broken: 'the JPEG file stops short (no end-of-image marker): upload the whole file' };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return size ? { broken: 'the JPEG file stops short before its image data: upload the whole file' } : undefined;
}

/** Why stored image bytes could not be drawn on a document (a file stored before uploads were checked), or undefined. */
export function unprintable(bytes: Uint8Array): string | undefined {
  const facts = pngFacts(bytes) ?? jpegFacts(bytes);
  if (!facts) return 'the file is neither a PNG nor a JPEG image';
  return 'broken' in facts ? facts.broken : undefined;
}

/** What an upload is, read from its bytes (never from what the client says it is), or why it is refused. */
export function imageProblem(bytes: Uint8Array, declared: string): { facts: ImageFacts } | { problem: string } {
  if (bytes.length === 0) return { problem: 'is empty: give the image as base64' };
  if (bytes.length > IMAGE_LIMITS.maxBytes)
    return { problem: `must be at most ${IMAGE_LIMITS.maxBytes / 1024} KB; got ${Math.ceil(bytes.length / 1024)} KB` };
  const facts = pngFacts(bytes) ?? jpegFacts(bytes);
  if (!facts) return { problem: 'must be a PNG or JPEG image; these bytes are neither' };
  if ('broken' in facts) return { problem: `cannot be printed: ${facts.broken}` };
  if (facts.contentType !== declared)
    return { problem: `is ${withArticle(facts.contentType)} image, not the ${declared} that contentType says` };
  const { minSide, maxSide } = IMAGE_LIMITS;
  if (facts.width < minSide || facts.height < minSide || facts.width > maxSide || facts.height > maxSide) {
    return {
      problem: `must be between ${minSide} and ${maxSide} pixels on each side; got ${facts.width}x${facts.height}`,
    };
  }
  return { facts };
}
