import { isEmail } from './email.js';
import { normalizePhone } from './phone.js';
import { isLoaded, type Shipment } from './shipment.js';

/**
 * Who the car is consigned to: the name the bill of lading, the commercial invoice and the
 * proforma carry, often not the buyer who pays. The buyer gives it on their page, or staff
 * record it; once the bill of lading is recorded the carrier has printed it, so the buyer can no
 * longer change it (staff still can, for a correction they arrange with the carrier).
 */
export const CONSIGNEE_LIMITS = {
  name: 200,
  address: 500,
  city: 100,
  country: 100,
  phone: 30,
  email: 254,
  idNumber: 64,
  notifyParty: 500,
} as const;
export type ConsigneeField = keyof typeof CONSIGNEE_LIMITS;
const CONSIGNEE_FIELDS = Object.keys(CONSIGNEE_LIMITS) as ConsigneeField[];
const OPTIONAL: ReadonlySet<ConsigneeField> = new Set(['email', 'notifyParty']);

export interface ConsigneeDetails {
  name: string;
  address: string;
  city: string;
  country: string;
  /** E.164. */
  phone: string;
  email?: string;
  idNumber: string;
  notifyParty?: string;
}

/** The consignee as the order keeps it: who gave it (the buyer on their page, or staff), and when. */
export interface Consignee extends ConsigneeDetails {
  givenBy: 'buyer' | 'staff';
  /** The staff user or key that recorded it (none when the buyer gave it). */
  by?: string;
  at: string;
}

export type ConsigneeProblem = 'required' | 'tooLong' | 'phone' | 'email';

export type ConsigneeCheck =
  | { ok: true; details: ConsigneeDetails }
  | { ok: false; problems: Partial<Record<ConsigneeField, ConsigneeProblem>> };

/**
 * Checks what a buyer typed into the form (any text, trimmed): every problem at once, by field,
 * for the page to say next to each. The phone is kept in E.164, as customers' numbers are.
 */
export function checkConsignee(input: Partial<Record<ConsigneeField, string>>): ConsigneeCheck {
  const problems: Partial<Record<ConsigneeField, ConsigneeProblem>> = {};
  const values: Partial<Record<ConsigneeField, string>> = {};
  for (const field of CONSIGNEE_FIELDS) {
    const value = (input[field] ?? '').trim();
    if (value === '') {
      if (!OPTIONAL.has(field)) problems[field] = 'required';
      continue;
    }
    if (value.length > CONSIGNEE_LIMITS[field]) problems[field] = 'tooLong';
    else values[field] = value;
  }
  const phone = values.phone === undefined ? undefined : normalizePhone(values.phone);
  if (values.phone !== undefined && phone === undefined) problems.phone = 'phone';
  if (values.email !== undefined && !isEmail(values.email)) problems.email = 'email';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, details: consigneeDetails({ ...values, phone } as ConsigneeDetails) };
}

/** The details in their fixed order, without empty optional fields. */
export const consigneeDetails = (d: ConsigneeDetails): ConsigneeDetails => ({
  name: d.name,
  address: d.address,
  city: d.city,
  country: d.country,
  phone: d.phone,
  ...(d.email ? { email: d.email } : {}),
  idNumber: d.idNumber,
  ...(d.notifyParty ? { notifyParty: d.notifyParty } : {}),
});

/** The buyer may give or change the consignee until the bill of lading is recorded. */
export const buyerMayChangeConsignee = (
  shipment: Pick<Shipment, 'billOfLadingNumber' | 'billOfLadingUrl'> | undefined,
): boolean => !isLoaded(shipment);
