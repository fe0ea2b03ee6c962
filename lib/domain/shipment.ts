import { containerNumberProblem } from './container-number.js';
import type { FieldError } from './errors.js';
import { addDays } from './export-steps.js';

/**
 * The sea voyage of an order's car: booked on a RoRo vessel or in a container, loaded (bill of
 * lading), departed, arrived. Pure rules; the customer is told at booking, departure (with the
 * ETA) and arrival.
 */
export const SHIPPING_METHODS = ['roro', 'container'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export interface Shipment {
  method: ShippingMethod;
  bookingNumber: string;
  carrier: string;
  vessel?: string;
  voyage?: string;
  containerNumber?: string;
  sealNumber?: string;
  portOfLoading: string;
  portOfDischarge: string;
  /** Estimated and actual times of departure and arrival, as dates (YYYY-MM-DD). */
  etd?: string;
  eta?: string;
  atd?: string;
  ata?: string;
  billOfLadingNumber?: string;
  billOfLadingUrl?: string;
  updatedAt: string;
}

export type ShipmentInput = Partial<Omit<Shipment, 'updatedAt'>>;

/** What the change tells the customer (the first time each happens). */
export type ShipmentNews = 'booked' | 'departed' | 'arrived';

export type ShipmentPlan =
  | { ok: true; shipment: Shipment; news: ShipmentNews[] }
  | { ok: false; problems: FieldError[] };

const REQUIRED = ['method', 'bookingNumber', 'carrier', 'portOfLoading', 'portOfDischarge'] as const;

const CONTAINER_ONLY = ['containerNumber', 'sealNumber'] as const;

/** What each field a shipment needs holds, and a value of it, for the messages that ask for one. */
const WHAT: Record<(typeof REQUIRED)[number], { what: string; example: string }> = {
  method: { what: 'shipping method (roro or container)', example: '"roro"' },
  bookingNumber: { what: "carrier's booking number", example: '"INCA12345600"' },
  carrier: { what: 'shipping line', example: '"HMM"' },
  portOfLoading: { what: 'port the car leaves from', example: '"KRINC" (Incheon)' },
  portOfDischarge: { what: 'port the car arrives at', example: '"AEJEA" (Jebel Ali)' },
};
const CONTAINER_EXAMPLE: Record<(typeof CONTAINER_ONLY)[number], string> = {
  containerNumber: '"MSCU1234566"',
  sealNumber: '"SL123456"',
};

/**
 * Merges a change into the shipment and checks the whole: every problem at once. A change of
 * method to RoRo drops the container's number and seal (a container field sent with it is still
 * refused), so a booking made the wrong way can be corrected. `today` is the tenant's calendar day.
 */
export function planShipment(
  current: Shipment | undefined,
  input: ShipmentInput,
  now: string,
  today = now.slice(0, 10),
): ShipmentPlan {
  const base: Partial<Shipment> | undefined =
    current && input.method === 'roro' && current.method === 'container'
      ? Object.fromEntries(
          Object.entries(current).filter(([field]) => !(CONTAINER_ONLY as readonly string[]).includes(field)),
        )
      : current;
  const next = { ...base, ...input, updatedAt: now } as Shipment;
  const problems: FieldError[] = [];
  for (const field of REQUIRED) {
    const { what, example } = WHAT[field];
    if (!next[field])
      problems.push({
        field: `${field}`,
        message: current
          ? `must not be removed from the shipment: to change the ${what}, send another, e.g. ${example}`
          : `is required for a new shipment: the ${what}, e.g. ${example}`,
      });
  }
  if (next.method === 'roro') {
    for (const field of CONTAINER_ONLY) {
      if (next[field])
        problems.push({
          field: `${field}`,
          message: `must be left out of a roro shipment: it is only for a container shipment, e.g. {"method": "container", "${field}": ${CONTAINER_EXAMPLE[field]}}`,
        });
    }
  }
  // Only a number given now: one stored before the check keeps the shipment editable.
  const containerProblem = input.containerNumber ? containerNumberProblem(input.containerNumber) : undefined;
  if (containerProblem) problems.push({ field: 'containerNumber', message: containerProblem });
  if (next.etd && next.eta && next.eta < next.etd)
    problems.push({
      field: 'eta',
      message: `must not be before etd (${next.etd}): the arrival follows the departure, e.g. ${addDays(next.etd, 20)}`,
    });
  if (next.ata && !next.atd)
    problems.push({
      field: 'ata',
      message: `must come with atd, the day the car left: it arrives after it departs, e.g. {"atd": "${addDays(next.ata, -20)}", "ata": "${next.ata}"}`,
    });
  if (next.ata && next.atd && next.ata < next.atd) {
    problems.push({
      field: 'ata',
      message: `must not be before atd (${next.atd}): the car arrives after it departs, e.g. ${next.atd < today ? today : next.atd}`,
    });
  }
  for (const field of ['atd', 'ata'] as const) {
    if (next[field] && next[field]! > today)
      problems.push({
        field: `${field}`,
        message: `must not be in the future: it is an actual date (today is ${today} in the tenant's time zone), e.g. ${today}`,
      });
  }
  if (next.atd && !(next.billOfLadingNumber && next.billOfLadingUrl)) {
    problems.push({
      field: 'atd',
      message: `must come with the bill of lading (billOfLadingNumber and billOfLadingUrl): the car is loaded before it leaves, e.g. {"billOfLadingNumber": "HDMUINC1234567", "billOfLadingUrl": "https://files.example.com/bl-1042.pdf", "atd": "${next.atd}"}`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const news: ShipmentNews[] = [];
  if (!current?.bookingNumber && next.bookingNumber) news.push('booked');
  if (!current?.atd && next.atd) news.push('departed');
  if (!current?.ata && next.ata) news.push('arrived');
  return { ok: true, shipment: next, news };
}

/** Loaded: the bill of lading is recorded (the load-by deadline is met). */
export const isLoaded = (shipment: Pick<Shipment, 'billOfLadingNumber' | 'billOfLadingUrl'> | undefined): boolean =>
  Boolean(shipment?.billOfLadingNumber && shipment.billOfLadingUrl);
