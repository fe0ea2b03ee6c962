import * as Type from '@sinclair/typebox';
import { ARABIC_DIGITS, INCOTERMS, PROFILE_DOCUMENTS } from '../domain/tenant-profile.js';
import { DateTime, Email, PhoneNumber, ShortText } from './common.js';

/**
 * The tenant's legal profile as an admin sets it: every field optional, so it can be filled in
 * over time; what a document still needs is listed in `missing` (lib/domain/tenant-profile.ts).
 * Shared by the routes and the stored record (lib/store/records/tenant-profile.schema.ts).
 */
export const ProfileFields = {
  legalName: Type.Optional(
    Type.Object(
      {
        en: Type.Optional(ShortText(200)),
        ar: Type.Optional(ShortText(200)),
      },
      {
        additionalProperties: false,
        description: 'the registered name, in English and Arabic',
        examples: [{ en: 'Gulf Motors Trading LLC', ar: 'شركة جلف موتورز للتجارة ذ.م.م' }],
      },
    ),
  ),
  address: Type.Optional(
    Type.Object(
      {
        line1: Type.Optional(ShortText(200)),
        line2: Type.Optional(Type.String({ minLength: 1, maxLength: 200, examples: ['Sheikh Zayed Road'] })),
        city: Type.Optional(ShortText(100)),
        postalCode: Type.Optional(Type.String({ minLength: 1, maxLength: 20, examples: ['PO Box 123456'] })),
        country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. AE' })),
      },
      {
        additionalProperties: false,
        examples: [{ line1: 'Office 1204, Al Moosa Tower 2', city: 'Dubai', country: 'AE' }],
      },
    ),
  ),
  registrationNumber: Type.Optional(ShortText(60)),
  taxNumber: Type.Optional(ShortText(60)),
  phone: Type.Optional(PhoneNumber()),
  email: Type.Optional(Email),
  bank: Type.Optional(
    Type.Object(
      {
        bankName: Type.Optional(ShortText(120)),
        accountName: Type.Optional(ShortText(200)),
        iban: Type.Optional(
          Type.String({
            minLength: 15,
            maxLength: 42,
            description: 'ISO 13616, spaces allowed, e.g. AE07 0331 2345 6789 0123 456',
          }),
        ),
        accountNumber: Type.Optional(
          Type.String({
            minLength: 4,
            maxLength: 40,
            description:
              'the account number, for a bank in a country without IBANs (Korea, the US); a proforma needs this or the IBAN',
            examples: ['140-013-456789'],
          }),
        ),
        swift: Type.Optional(
          Type.String({ minLength: 8, maxLength: 11, description: 'SWIFT/BIC, 8 or 11 characters, e.g. EBILAEAD' }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  defaultIncoterms: Type.Optional(
    Type.Union(
      INCOTERMS.map((term) => Type.Literal(term)),
      { description: 'Incoterms 2020 rule printed on invoices' },
    ),
  ),
  portOfLoading: Type.Optional(ShortText(100)),
  arabicDigits: Type.Optional(
    Type.Union(
      ARABIC_DIGITS.map((digits) => Type.Literal(digits)),
      {
        description:
          'how Arabic documents write amounts, dates and quantities: western (1,500.50, the default) or arabic-indic (١٬٥٠٠٫٥٠); codes, VINs, IBANs and phone numbers stay as written',
      },
    ),
  ),
};

export const StoredImageShape = Type.Object({
  key: Type.String(),
  contentType: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  uploadedAt: Type.String(),
});

const ImageView = Type.Object({
  url: Type.String({ description: 'a download address valid for 15 minutes' }),
  contentType: Type.Union([Type.Literal('image/png'), Type.Literal('image/jpeg')]),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  uploadedAt: DateTime,
});

export const TenantProfile = Type.Object(
  {
    ...ProfileFields,
    logo: Type.Optional(ImageView),
    stamp: Type.Optional(ImageView),
    version: Type.Integer({ description: '0 until the profile is first saved' }),
    updatedAt: Type.Optional(DateTime),
    missing: Type.Object(
      Object.fromEntries(PROFILE_DOCUMENTS.map((document) => [document, Type.Array(Type.String())])) as Record<
        (typeof PROFILE_DOCUMENTS)[number],
        ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>
      >,
      {
        description:
          'for each document, the profile fields it needs that are not set (an Arabic document also needs legalName.ar); empty when it can be generated',
        examples: [{ 'customs-invoice': ['stamp'], 'proforma-invoice': [], contract: ['stamp'] }],
      },
    ),
    missingInArabic: Type.Object(
      Object.fromEntries(PROFILE_DOCUMENTS.map((document) => [document, Type.Array(Type.String())])) as Record<
        (typeof PROFILE_DOCUMENTS)[number],
        ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>
      >,
      {
        description:
          'the same for the document in Arabic: what it needs that is not set (legalName.ar besides); empty when it can be generated in Arabic',
        examples: [
          {
            'customs-invoice': ['legalName.ar', 'stamp'],
            'proforma-invoice': ['legalName.ar'],
            contract: ['legalName.ar', 'stamp'],
          },
        ],
      },
    ),
  },
  { title: 'TenantProfile' },
);
