/** The tenant's legal profile rules (lib/domain/tenant-profile.ts): what a document needs, bank codes, images from their bytes. */
import { describe, expect, it } from 'vitest';
import { png } from '../support/png.js';
import {
  gapsByDocument,
  ibanProblem,
  IMAGE_LIMITS,
  imageProblem,
  profileGaps,
  swiftProblem,
  type TenantProfile,
} from '../../lib/domain/tenant-profile.js';

const complete: TenantProfile = {
  legalName: { en: 'Gulf Motors Trading LLC', ar: 'شركة جلف موتورز للتجارة' },
  address: { line1: 'Office 1204, Al Moosa Tower 2', city: 'Dubai', country: 'AE' },
  registrationNumber: 'DED-1029384',
  phone: '+97143334444',
  email: 'accounts@gulfmotors.example',
  bank: {
    bankName: 'Emirates NBD',
    accountName: 'Gulf Motors Trading LLC',
    iban: 'AE070331234567890123456',
    swift: 'EBILAEAD',
  },
  defaultIncoterms: 'CFR',
  portOfLoading: 'Incheon, Korea',
  stamp: {
    key: 'tenants/t/profile/stamp-1.png',
    contentType: 'image/png',
    width: 300,
    height: 300,
    bytes: 2000,
    uploadedAt: '2026-11-26T10:00:00Z',
  },
};

/** The first segments of a JPEG up to its frame header (SOF0), which holds the size. */
/** A JPEG's structure: SOI, APP0, the frame with its size, the scan header and its data, EOI. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  const scan = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0x78]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, sos, scan, Buffer.from([0xff, 0xd9])]);
}

describe('what a document needs of the profile', () => {
  it('needs nothing more of a complete profile, in English or Arabic', () => {
    for (const document of ['customs-invoice', 'proforma-invoice', 'contract'] as const) {
      expect(profileGaps(complete, document), document).toEqual([]);
      expect(profileGaps(complete, document, 'ar'), document).toEqual([]);
    }
  });

  it('lists apart what a document needs in Arabic: a profile ready in English may not be', () => {
    const englishOnly = { ...complete, legalName: { en: complete.legalName!.en } };
    expect(gapsByDocument(englishOnly)['proforma-invoice']).toEqual([]);
    expect(gapsByDocument(englishOnly, 'ar')).toEqual({
      'customs-invoice': ['legalName.ar'],
      'proforma-invoice': ['legalName.ar'],
      contract: ['legalName.ar'],
    });
    expect(gapsByDocument(complete, 'ar')).toEqual({ 'customs-invoice': [], 'proforma-invoice': [], contract: [] });
  });

  it('names every missing field by its path, each document its own', () => {
    const gaps = gapsByDocument(undefined);
    expect(gaps['customs-invoice']).toEqual([
      'legalName.en',
      'address.line1',
      'address.city',
      'address.country',
      'registrationNumber',
      'phone',
      'email',
      'defaultIncoterms',
      'portOfLoading',
      'stamp',
    ]);
    expect(gaps['proforma-invoice']).toContain('bank.iban');
    expect(gaps['proforma-invoice']).not.toContain('stamp');
    expect(gaps.contract).not.toContain('bank.iban');
  });

  it('asks an Arabic document for the Arabic legal name, and counts an empty text as missing', () => {
    const englishOnly = { ...complete, legalName: { en: 'Gulf Motors Trading LLC', ar: '' } };
    expect(profileGaps(englishOnly, 'contract')).toEqual([]);
    expect(profileGaps(englishOnly, 'contract', 'ar')).toEqual(['legalName.ar']);
    const { stamp: _stamp, bank: _bank, ...noStampNoBank } = complete;
    expect(profileGaps(noStampNoBank, 'customs-invoice')).toEqual(['stamp']);
    expect(profileGaps(noStampNoBank, 'proforma-invoice')).toEqual([
      'bank.bankName',
      'bank.accountName',
      'bank.iban',
      'bank.swift',
    ]);
  });

  it("takes an account number where the bank's country has no IBANs (a Korean exporter paid in Seoul)", () => {
    const korean = {
      ...complete,
      bank: {
        bankName: 'Shinhan Bank',
        accountName: 'Seoul Export Partners',
        accountNumber: '140-013-456789',
        swift: 'SHBKKRSE',
      },
    };
    expect(profileGaps(korean, 'proforma-invoice')).toEqual([]);
    expect(profileGaps({ ...korean, bank: { ...korean.bank, accountNumber: '' } }, 'proforma-invoice')).toEqual([
      'bank.iban',
    ]);
  });
});

describe('bank codes', () => {
  it('accepts real IBANs of the Gulf and elsewhere, spaces and lower case included', () => {
    for (const iban of [
      'AE070331234567890123456',
      'AE07 0331 2345 6789 0123 456',
      'SA0380000000608010167519',
      'GB82WEST12345698765432',
      'qa58dohb00001234567890abcdefg',
    ]) {
      expect(ibanProblem(iban), iban).toBeUndefined();
    }
  });

  it('refuses a wrong check digit, naming it, and what is not an IBAN at all', () => {
    expect(ibanProblem('AE080331234567890123456')).toMatch(/check digits 08/);
    expect(ibanProblem('1234')).toMatch(/must be an IBAN/);
    expect(ibanProblem('AE07-0331-2345')).toMatch(/must be an IBAN/);
  });

  it('takes a SWIFT/BIC of 8 or 11 characters and nothing else', () => {
    expect(swiftProblem('EBILAEAD')).toBeUndefined();
    expect(swiftProblem('ebilaeadxxx')).toBeUndefined();
    expect(swiftProblem('EBILAEA')).toMatch(/8 or 11/);
    expect(swiftProblem('EBIL1EAD')).toMatch(/8 or 11/);
  });
});

describe('logo and stamp images', () => {
  it('reads the type and size of a PNG and a JPEG from their bytes', () => {
    expect(imageProblem(png(300, 120), 'image/png')).toEqual({
      facts: { contentType: 'image/png', width: 300, height: 120 },
    });
    expect(imageProblem(jpeg(640, 480), 'image/jpeg')).toEqual({
      facts: { contentType: 'image/jpeg', width: 640, height: 480 },
    });
  });

  it('refuses bytes that are not the type they claim, or no image, or empty', () => {
    expect(imageProblem(png(300, 120), 'image/jpeg')).toEqual({
      problem: 'is an image/png image, not the image/jpeg that contentType says',
    });
    expect(imageProblem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).toEqual({
      problem: 'must be a PNG or JPEG image; these bytes are neither',
    });
    expect(imageProblem(Buffer.alloc(0), 'image/png')).toEqual({ problem: 'is empty: give the image as base64' });
  });

  it('refuses a file cut short or damaged, which would be stored and then fail every document it is printed on', () => {
    const whole = png(300, 120);
    expect(imageProblem(whole.subarray(0, 40), 'image/png')).toEqual({
      problem: expect.stringMatching(/^cannot be printed: the PNG file stops short/),
    });
    expect(imageProblem(whole.subarray(0, whole.length - 12), 'image/png')).toEqual({
      problem: 'cannot be printed: the PNG file stops short (no IEND): upload the whole file',
    });
    const damaged = Buffer.from(whole);
    damaged[whole.length - 20] = damaged[whole.length - 20]! ^ 0xff;
    expect(imageProblem(damaged, 'image/png')).toEqual({
      problem: 'cannot be printed: the PNG file is damaged: its IDAT chunk does not match its checksum',
    });
    const photo = jpeg(640, 480);
    expect(imageProblem(photo.subarray(0, photo.length - 2), 'image/jpeg')).toEqual({
      problem: 'cannot be printed: the JPEG file stops short (no end-of-image marker): upload the whole file',
    });
    expect(imageProblem(photo.subarray(0, 40), 'image/jpeg')).toEqual({
      problem: expect.stringMatching(/^cannot be printed: the JPEG file stops short/),
    });
    // Padding after the end-of-image marker, as some cameras write, is no damage.
    expect(imageProblem(Buffer.concat([photo, Buffer.alloc(16)]), 'image/jpeg')).toEqual({
      facts: { contentType: 'image/jpeg', width: 640, height: 480 },
    });
  });

  it('refuses an image too small to print or too large for a page, and one over the byte limit', () => {
    expect(imageProblem(png(16, 300), 'image/png')).toMatchObject({ problem: expect.stringMatching(/got 16x300/) });
    expect(imageProblem(jpeg(5000, 300), 'image/jpeg')).toMatchObject({
      problem: expect.stringMatching(/got 5000x300/),
    });
    const big = Buffer.concat([png(100, 100), Buffer.alloc(IMAGE_LIMITS.maxBytes)]);
    expect(imageProblem(big, 'image/png')).toMatchObject({ problem: expect.stringMatching(/at most 180 KB/) });
  });
});
