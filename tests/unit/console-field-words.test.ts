import { describe, expect, it } from 'vitest';
import { byGroup, fieldPath, fieldWords, missingFields, missingInProfile } from '../../console/src/i18n/field-words.js';
import { ar, en } from '../../console/src/app/folders.js';
import { makeI18nProvider } from '../../console/src/i18n/provider.js';
import { customsInvoiceGaps } from '../../lib/domain/document-models/customs-invoice.js';
import { PROFILE_DOCUMENTS, profileGaps } from '../../lib/domain/tenant-profile.js';

const english = makeI18nProvider('en', { en, ar });
const arabic = makeI18nProvider('ar', { en, ar });

describe('console: the fields a refused document names, in words', () => {
  it('reads the path of a field the API follows with words of its own', () => {
    expect(fieldPath('customsInvoice.hsCode (or customsInvoice.fuelType and customsInvoice.engineCapacityCc)')).toBe(
      'customsInvoice.hsCode',
    );
    expect(fieldPath('profile.bank.iban')).toBe('profile.bank.iban');
    expect(fieldWords('customsInvoice.hsCode (or customsInvoice.fuelType)')).toBe('vpo.fields.customsInvoice.hsCode');
    // The API names a missing IBAN-or-account-number by the IBAN.
    expect(english.translate(fieldWords('profile.bank.iban')!)).toBe('IBAN (or the account number)');
    expect(arabic.translate(fieldWords('profile.stamp')!)).toBe('ختم الشركة');
    // A group is not a field, and a field the console does not know has no words: shown as the API names it.
    expect(fieldWords('profile.bank')).toBeUndefined();
    expect(fieldWords('profile.fax')).toBeUndefined();
  });

  it('has words in English and Arabic for every field a document can lack, as the API names them', () => {
    const profile = PROFILE_DOCUMENTS.flatMap((document) =>
      profileGaps(undefined, document, 'ar').map((path) => `profile.${path}`),
    );
    const customs = customsInvoiceGaps({
      seller: {},
      invoice: { buyerName: 'x', items: [], currency: 'USD', total: 0 },
      vehicle: {},
    });
    const named = [...new Set([...profile, ...customs])];
    expect(named).toEqual(
      expect.arrayContaining([
        'profile.legalName.ar',
        'profile.bank.iban',
        'profile.stamp',
        'car.vin',
        'customsInvoice.countryOfOrigin',
      ]),
    );
    const wordless = named.filter((field) => !fieldWords(field));
    expect(wordless).toEqual([]);
    for (const field of named) {
      const key = fieldWords(field)!;
      expect(english.translate(key), field).not.toBe(key);
      expect(arabic.translate(key), field).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('lists what a 409 says is missing, by where each is filled in, and nothing for other refusals', () => {
    const refusal = {
      code: 'INVALID_STATE',
      details: [
        { field: 'profile.stamp', message: 'is required on a commercial invoice' },
        { field: 'customsInvoice.hsCode (or customsInvoice.fuelType)', message: 'is required on a commercial invoice' },
        { field: 'profile.bank.iban', message: 'is required on a commercial invoice' },
        { field: 'shipment.portOfLoading', message: 'is required on a commercial invoice' },
        { field: 'profile.seal', message: 'is required on a commercial invoice' },
      ],
    };
    const fields = missingFields(refusal)!;
    expect(
      byGroup(fields).map(({ group, fields: items }) => [group, items.map((item) => item.words ?? item.field)]),
    ).toEqual([
      ['profile', ['vpo.fields.profile.stamp', 'vpo.fields.profile.bank.iban', 'profile.seal']],
      ['customsInvoice', ['vpo.fields.customsInvoice.hsCode']],
      ['shipment', ['vpo.fields.shipment.portOfLoading']],
    ]);
    // A 409 that names no field of a document (no customs invoice stored yet), or another refusal, is shown as it is.
    expect(
      missingFields({
        code: 'INVALID_STATE',
        details: [{ field: 'type', message: 'the order has no customs invoice' }],
      }),
    ).toBeUndefined();
    expect(
      missingFields({ code: 'VERSION_CONFLICT', details: [{ field: 'profile.stamp', message: 'stale' }] }),
    ).toBeUndefined();
    expect(missingFields(undefined)).toBeUndefined();
  });

  it("names a profile's missing fields as its own (GET /tenant-profile lists them without the profile. prefix)", () => {
    expect(missingInProfile(['legalName.en', 'stamp']).map((field) => english.translate(field.words!))).toEqual([
      'Legal name in English',
      'Company stamp',
    ]);
    expect(missingInProfile(['bank.swift']).map((field) => arabic.translate(field.words!))).toEqual([
      'رمز السويفت (SWIFT/BIC)',
    ]);
  });
});
