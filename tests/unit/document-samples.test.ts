/**
 * The sample documents read as their readers read them: poppler's text must carry every field a
 * customs officer, a bank or a buyer looks for, with its value; every character printed must have
 * a glyph in the embedded font; and each first page must look like its reference image in
 * docs/samples/ (regenerate them with `npm run docs:samples` after a deliberate change, and look).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import REGULAR from '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf';
import BOLD from '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf';
import { textsOf } from '../../lib/domain/document-models/model.js';
import { renderPdf } from '../../lib/documents/pdf.js';
import { SAMPLE_DATE, sampleDocuments, sampleImages, type Sample } from '../../scripts/documents/sample-documents.js';
import { changedShare, decodePng } from '../support/png-compare.js';
import { letters, popplerView } from '../support/pdf-text.js';

const samples = sampleDocuments();
const rendered = new Map<string, { pdf: Buffer; text: string; png: Buffer }>();

beforeAll(async () => {
  for (const sample of samples) {
    const pdf = await renderPdf(
      sample.model,
      { title: sample.title, createdAt: new Date(`${SAMPLE_DATE}T09:00:00Z`) },
      sampleImages(),
    );
    rendered.set(sample.name, { pdf, ...popplerView(pdf) });
  }
});

const read = (name: string) => rendered.get(name)!;

/**
 * Latin values appear as written, Arabic ones letter for letter (poppler's spacing between shaped
 * words varies); brackets aside in both (poppler reorders them at the edges of a Latin stretch in
 * an Arabic line: "جبل علي (AEJEA)" reads back as "جبل علي )(AEJEA").
 */
const plain = (value: string) => value.replace(/[()]/g, '').replace(/\s+/g, ' ');
const arabicLetters = (value: string) => letters(value).replace(/[()]/g, '');
function expectFields(name: string, fields: Record<string, string>): void {
  const { text } = read(name);
  for (const [field, value] of Object.entries(fields)) {
    if (/[\u0600-\u06ff]/.test(value)) expect(arabicLetters(text), `${name}: ${field}`).toContain(arabicLetters(value));
    else expect(plain(text), `${name}: ${field}`).toContain(plain(value));
  }
}

/** What an Arabic document must no longer print in English: the unit of the mileage, the colour, a bare port code. */
function expectNoEnglishWords(name: string): void {
  const { text } = read(name);
  expect(text, `${name}: the mileage's unit`).not.toMatch(/\d\s*km\b/);
  expect(text, `${name}: the colour`).not.toContain('Pearl White');
}

describe('the commercial invoice, as a customs broker reads it', () => {
  const common = {
    invoiceNumber: 'CI-00042',
    date: SAMPLE_DATE,
    order: '#1042',
    vin: 'KNAPU81BDN7123456',
    engineNumber: 'G4KN-2C718304',
    engineCapacity: '2,497 cc',
    year: '2022',
    hsCode: '8703.23',
    incoterms: 'CFR',
    vessel: 'Morning Calm / 112W',
    billOfLading: 'HDMUINCA12345600',
    unitPrice: '17,000.00 USD',
    freight: '1,500.50 USD',
    total: '18,500.50 USD',
    registration: 'DED-1048273',
    taxNumber: '100384726500003',
    phone: '+97143205544',
    email: 'accounts@gulfmotors.example',
    buyerPhone: '+971501234567',
  };

  it('in English carries every field, with its value', () => {
    expectFields('customs-invoice-en', {
      ...common,
      title: 'Commercial invoice',
      seller: 'Gulf Motors Used Cars Trading L.L.C.',
      sellerAddress: 'Showroom 27, Al Aweer Auto Market',
      buyer: 'Layla Haddad',
      buyerAddress: 'Marina Gate 2, Apt 1806, Dubai Marina, Dubai',
      notifyParty: 'Al Futtaim Logistics, Jebel Ali Free Zone',
      make: 'Kia',
      model: 'Sorento Signature',
      fuel: 'Gasoline',
      colour: 'Pearl White',
      mileage: '45,200 km',
      condition: 'Used',
      origin: 'South Korea',
      // Ports as the shipment records them (KRINC, AEJEA), named as the buyer's page names them.
      portOfLoading: 'Incheon (KRINC)',
      portOfDischarge: 'Jebel Ali (AEJEA)',
      place: 'CFR Jebel Ali (AEJEA)',
      currency: 'USD',
      inWords: 'Eighteen thousand five hundred US dollars and fifty cents only',
      paymentTerms: '100% paid in advance by bank transfer before shipment.',
      signature: 'For and on behalf of the seller',
    });
  });

  it('in Arabic carries the same fields, right to left, with Western digits', () => {
    expectFields('customs-invoice-ar', {
      ...common,
      title: 'فاتورة تجارية',
      seller: 'جلف موتورز لتجارة السيارات المستعملة ذ.م.م',
      buyerHeading: 'المشتري / المرسل إليه',
      vinLabel: 'رقم الهيكل',
      hsLabel: 'رمز النظام المنسق',
      originLabel: 'بلد المنشأ',
      fuel: 'بنزين',
      colour: 'أبيض لؤلؤي',
      mileage: '45,200 كم',
      condition: 'مستعملة',
      portOfLoading: 'إنتشون (KRINC)',
      portOfDischarge: 'جبل علي (AEJEA)',
      signature: 'عن البائع وبالنيابة عنه',
    });
    expectNoEnglishWords('customs-invoice-ar');
    // The Incoterms place is the port of discharge, named in Arabic too: poppler reads it apart from
    // "CFR" (the label's "2020" comes between them), so the port's name appears twice, never a bare code.
    const text = arabicLetters(read('customs-invoice-ar').text);
    expect(text.split(arabicLetters('جبل علي (AEJEA)')).length - 1).toBe(2);
    expect(plain(read('customs-invoice-ar').text)).not.toMatch(/CFR AEJEA/);
    // The title is drawn on the right: its letters come before the seller's block in reading order.
    expect(read('customs-invoice-ar').text).toMatch(/فاتورة/);
  });
});

describe('the proforma invoice, as a buyer and their bank read it', () => {
  const common = {
    proformaNumber: 'PI-00031',
    validUntil: '2026-12-04',
    price: '18,500.00 USD',
    deposit: '2026-10-02',
    depositAmount: '2,000.00 USD',
    instalment: '2026-10-20',
    instalmentAmount: '8,000.00 USD',
    received: '10,000.00 USD',
    balance: '8,500.00 USD',
    iban: 'AE05 0261 0152 0473 6891 001',
    swift: 'EBILAEAD',
    vin: 'KNAPU81BDN7123456',
  };

  it('in English labels each payment, states the balance and where to pay it', () => {
    expectFields('proforma-invoice-en', {
      ...common,
      title: 'Proforma invoice',
      seller: 'Gulf Motors Used Cars Trading L.L.C.',
      buyer: 'Layla Haddad',
      car: 'Kia Sorento 2022',
      depositLabel: 'Deposit',
      instalmentLabel: 'Instalment',
      balanceLabel: 'Balance due',
      bank: 'Emirates NBD',
      accountName: 'Gulf Motors Used Cars Trading L.L.C.',
      reference: 'Payment reference',
      inWords: 'Eight thousand five hundred US dollars only',
    });
    expect(read('proforma-invoice-en').text).not.toMatch(/Deposit received/);
  });

  it('in Arabic with Arabic-Indic digits when the seller asks: amounts and dates, never the IBAN or the numbers of codes', () => {
    expectFields('proforma-invoice-ar-indic', {
      balance: '٨٬٥٠٠٫٠٠ USD',
      deposit: '٢٠٢٦-١٠-٠٢',
      date: '٢٠٢٦-١١-٢٠',
      iban: 'AE05 0261 0152 0473 6891 001',
      proformaNumber: 'PI-00031',
      vin: 'KNAPU81BDN7123456',
      mileage: '٤٥٬٢٠٠ كم',
    });
    expect(read('proforma-invoice-ar-indic').text).not.toContain('8,500.00');
    expectNoEnglishWords('proforma-invoice-ar-indic');
  });

  it('in Arabic', () => {
    expectFields('proforma-invoice-ar', {
      ...common,
      title: 'فاتورة مبدئية',
      deposit: 'عربون',
      instalmentLabel: 'قسط',
      balanceLabel: 'الرصيد المستحق',
      bankLabel: 'البنك',
      colour: 'أبيض لؤلؤي',
      mileage: '45,200 كم',
    });
    expectNoEnglishWords('proforma-invoice-ar');
  });
});

describe('the sales contract, from its own fields', () => {
  it('names both parties, the car with its VIN, the price, the terms and both signatures', () => {
    for (const language of ['en', 'ar']) {
      expectFields(`contract-${language}`, {
        number: '#17',
        vin: 'KNAPU81BDN7123456',
        price: '18,500.00 USD',
        idNumber: 'P1234567',
        signedOn: '2026-10-08',
        buyer: language === 'ar' ? 'ليلى حداد' : 'Layla Haddad',
        colour: language === 'ar' ? 'أبيض لؤلؤي' : 'Pearl White',
        mileage: language === 'ar' ? '45,200 كم' : '45,200 km',
      });
    }
    expectNoEnglishWords('contract-ar');
    expectFields('contract-en', {
      title: 'Vehicle sales contract',
      terms: 'The vehicle is sold as inspected on 2026-10-05.',
      seller: 'Gulf Motors Used Cars Trading L.L.C.',
      inWords: 'Eighteen thousand five hundred US dollars only',
    });
  });
});

/**
 * The clauses of an Arabic text with their words one space apart, as a reader reads them:
 * punctuation aside (poppler sets it apart from its word), and a clause with a vowel mark left out
 * (poppler splits a word at one).
 */
const arabicClauses = (text: string): string[] =>
  text
    .split(/[.،\n]/)
    .map((clause) => clause.trim().replace(/\s+/g, ' '))
    .filter((clause) => /[\u0600-\u06ff]/.test(clause) && !/[\u064b-\u065f]/.test(clause));

describe('Arabic sentences, as a reader sees them', () => {
  it.each(samples.filter((s) => s.model.language === 'ar').map((s) => [s.name, s] as [string, Sample]))(
    'keep a space between every two words: %s',
    (name, sample) => {
      const text = read(name).text.replace(/[.،]/g, ' ').replace(/\s+/g, ' ');
      const clauses = sample.model.paragraphs.flatMap((p) => arabicClauses(p.text));
      expect(clauses.length).toBeGreaterThan(0);
      // e.g. "بتحويل مصرفي إلى" on the proforma, "والمخاطر إلى" in the contract, never run together.
      for (const clause of clauses) expect(text, name).toContain(clause);
    },
  );
});

describe('every character printed', () => {
  const fonts = [fontkit.create(Buffer.from(REGULAR)), fontkit.create(Buffer.from(BOLD))] as fontkit.Font[];

  it.each(samples.map((s) => [s.name, s] as [string, Sample]))(
    'has a glyph in both embedded fonts: %s',
    (_name, sample) => {
      const characters = new Set([...textsOf(sample.model).join('')].filter((c) => c.trim() !== ''));
      const missing = [...characters].filter((c) =>
        fonts.some((font) => !font.hasGlyphForCodePoint(c.codePointAt(0)!)),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(samples.map((s) => [s.name]))('is embedded, and read back with no replacement character: %s', (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'fonts-'));
    try {
      writeFileSync(join(dir, 'd.pdf'), read(name).pdf);
      const fontsTable = execFileSync('pdffonts', [join(dir, 'd.pdf')], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2);
      expect(fontsTable.length).toBeGreaterThan(0);
      for (const row of fontsTable) expect(row, row).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, with a Unicode map
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(read(name).text).not.toContain('\ufffd');
  });
});

describe('each first page', () => {
  it.each(samples.map((s) => [s.name]))('looks like its reference image in docs/samples: %s', (name) => {
    const reference = decodePng(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'samples', `${name}.png`)));
    const page = decodePng(read(name).png);
    expect({ width: page.width, height: page.height }).toEqual({ width: reference.width, height: reference.height });
    expect(changedShare(page, reference)).toBeLessThan(0.005);
  });
});
