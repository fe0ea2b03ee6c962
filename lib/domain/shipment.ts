import { containerNumberProblem } from './container-number.js';
import type { FieldError } from './errors.js';

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

export type ShipmentPlan = { ok: true; shipment: Shipment; news: ShipmentNews[] } | { ok: false; problems: FieldError[] };

const REQUIRED = ['method', 'bookingNumber', 'carrier', 'portOfLoading', 'portOfDischarge'] as const;

const CONTAINER_ONLY = ['containerNumber', 'sealNumber'] as const;

/**
 * Merges a change into the shipment and checks the whole: every problem at once. A change of
 * method to RoRo drops the container's number and seal (a container field sent with it is still
 * refused), so a booking made the wrong way can be corrected. `today` is the tenant's calendar day.
 */
export function planShipment(current: Shipment | undefined, input: ShipmentInput, now: string, today = now.slice(0, 10)): ShipmentPlan {
  const base: Partial<Shipment> | undefined =
    current && input.method === 'roro' && current.method === 'container' ? Object.fromEntries(Object.entries(current).filter(([field]) => !(CONTAINER_ONLY as readonly string[]).includes(field))) : current;
  const next = { ...base, ...input, updatedAt: now } as Shipment;
  const problems: FieldError[] = [];
  for (const field of REQUIRED) if (!next[field]) problems.push({ field: `body.${field}`, message: current ? 'cannot be removed' : 'is required for a new shipment' });
  if (next.method === 'roro') {
    for (const field of CONTAINER_ONLY) if (next[field]) problems.push({ field: `body.${field}`, message: 'is only for a container shipment (method roro)' });
  }
  // Only a number given now: one stored before the check keeps the shipment editable.
  const containerProblem = input.containerNumber ? containerNumberProblem(input.containerNumber) : undefined;
  if (containerProblem) problems.push({ field: 'body.containerNumber', message: containerProblem });
  if (next.etd && next.eta && next.eta < next.etd) problems.push({ field: 'body.eta', message: `must not be before etd (${next.etd})` });
  if (next.ata && !next.atd) problems.push({ field: 'body.ata', message: 'needs atd: the car arrives after it departs' });
  if (next.ata && next.atd && next.ata < next.atd) problems.push({ field: 'body.ata', message: `must not be before atd (${next.atd})` });
  for (const field of ['atd', 'ata'] as const) {
    if (next[field] && next[field]! > today) problems.push({ field: `body.${field}`, message: `is an actual date: not in the future (today is ${today} in the tenant's time zone)` });
  }
  if (next.atd && !(next.billOfLadingNumber && next.billOfLadingUrl)) problems.push({ field: 'body.atd', message: 'needs the bill of lading (billOfLadingNumber and billOfLadingUrl): the car is loaded before it leaves' });
  if (problems.length > 0) return { ok: false, problems };
  const news: ShipmentNews[] = [];
  if (!current?.bookingNumber && next.bookingNumber) news.push('booked');
  if (!current?.atd && next.atd) news.push('departed');
  if (!current?.ata && next.ata) news.push('arrived');
  return { ok: true, shipment: next, news };
}

/** Loaded: the bill of lading is recorded (the load-by deadline is met). */
export const isLoaded = (shipment: Shipment | undefined): boolean => Boolean(shipment?.billOfLadingNumber && shipment.billOfLadingUrl);
