import type { ApiError } from '../api/error-details.js';
import { sharedMessages } from './messages.js';

/**
 * The fields a refused document names (409 INVALID_STATE: `profile.bank.iban`, `car.vin`,
 * `customsInvoice.hsCode (or customsInvoice.fuelType)`), in words a person understands. The words are
 * in the catalogues under `vpo.fields`, keyed by the field's path; a field the console has no
 * words for is shown as the API names it.
 */

/** Where a missing field is filled in: the company profile, the order's customs invoice, its car, its shipment. */
export const FIELD_GROUPS = ['profile', 'customsInvoice', 'car', 'shipment', 'other'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export interface MissingField {
  /** As the API names it. */
  field: string;
  group: FieldGroup;
  /** The catalogue key of its words; none when the console has no words for it. */
  words?: string;
}

/** The path a field names, without the words the API may add after it ("customsInvoice.hsCode (or customsInvoice.fuelType)"). */
export function fieldPath(field: string): string {
  return /^[\w.]+/.exec(field.trim())?.[0] ?? field;
}

/** The catalogue key of a field's words (`vpo.fields.profile.bank.iban`), when there are words for it. */
export function fieldWords(field: string): string | undefined {
  const path = fieldPath(field);
  let node: unknown = sharedMessages.en.vpo.fields;
  for (const part of path.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? `vpo.fields.${path}` : undefined;
}

const groupOf = (field: string): FieldGroup => {
  const head = fieldPath(field).split('.')[0];
  return FIELD_GROUPS.find((group) => group !== 'other' && group === head) ?? 'other';
};

const describeField = (field: string): MissingField => {
  const words = fieldWords(field);
  return { field, group: groupOf(field), ...(words ? { words } : {}) };
};

/**
 * What a refused generation says is missing: the fields of a 409 INVALID_STATE when at least one
 * of them is of the profile, the customs invoice, the car or the shipment (the document would
 * print them blank); undefined for any other refusal, which is shown as it is.
 */
export function missingFields(error: Pick<ApiError, 'code' | 'details'> | undefined): MissingField[] | undefined {
  if (error?.code !== 'INVALID_STATE') return undefined;
  const fields = (error.details ?? []).flatMap((detail) => (detail.field ? [describeField(detail.field)] : []));
  return fields.some((field) => field.group !== 'other') ? fields : undefined;
}

/** A profile's `missing` list (paths within the profile: `bank.iban`, `stamp`) as fields. */
export function missingInProfile(paths: readonly string[]): MissingField[] {
  return paths.map((path) => describeField(`profile.${path}`));
}

/** The fields by where they are filled in, in FIELD_GROUPS' order; groups with none left out. */
export function byGroup(fields: readonly MissingField[]): Array<{ group: FieldGroup; fields: MissingField[] }> {
  return FIELD_GROUPS.map((group) => ({ group, fields: fields.filter((field) => field.group === group) })).filter(
    (entry) => entry.fields.length > 0,
  );
}
