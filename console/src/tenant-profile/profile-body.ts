import { clean, pick } from '../api/clean.js';
import { every } from '../api/enums.js';
import type { BodyOf } from '../api/types.js';

export type ProfileBody = BodyOf<'/api/v1/tenant-profile', 'put'>;
type Part<K extends keyof ProfileBody> = keyof NonNullable<ProfileBody[K]>;
/**
 * Every text field the profile takes. A save replaces the whole text (a field left out is
 * cleared), so a field the API adds fails to compile here until the screen has an input for it.
 */
const TEXT = every<Exclude<keyof ProfileBody, 'version'>>()([
  'legalName',
  'address',
  'registrationNumber',
  'taxNumber',
  'phone',
  'email',
  'bank',
  'defaultIncoterms',
  'portOfLoading',
  'arabicDigits',
]);
const LEGAL_NAME = every<Part<'legalName'>>()(['en', 'ar']);
const ADDRESS = every<Part<'address'>>()(['line1', 'line2', 'city', 'postalCode', 'country']);
const BANK = every<Part<'bank'>>()(['bankName', 'accountName', 'iban', 'accountNumber', 'swift']);

/** The text of the profile as the PUT takes it: only its fields, empty inputs left out. */
export function bodyOf(values: Partial<ProfileBody>): ProfileBody {
  return clean({
    ...pick(values, TEXT),
    legalName: pick(values.legalName ?? {}, LEGAL_NAME),
    address: pick(values.address ?? {}, ADDRESS),
    bank: pick(values.bank ?? {}, BANK),
  }) as ProfileBody;
}
