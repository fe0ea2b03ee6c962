import type { Caller } from '../../domain/caller.js';
import type { CarRecord } from '../../domain/car.js';
import { forbidden, importRestricted } from '../../domain/errors.js';
import { evaluateImport, type ImportCheck, type ImportFacts } from '../../domain/import-rules.js';
import { actorOf } from '../../domain/scope.js';
import type { OrderRecord } from '../../store/orders.js';
import { countryCodeOf } from '../../text/countries.js';
import { countryIn, ruleInForce } from '../import-rules-in-force.js';
import { tenantToday } from '../shared/tenancy.js';

/*
 * Where an order's car goes, and whether that country takes it (docs/import-rules.md): the
 * destination given, else the customer's country when it names one; a car its rules refuse is
 * refused with 409 IMPORT_RESTRICTED unless an admin overrides them with a reason.
 */

export interface OverrideAsked {
  reason: string;
}

export interface Destination {
  destinationCountry?: string;
  importRuleOverride?: { reason: string; by: string; at: string };
}

/** A destination as given in a request, checked: 400 naming `field` when it names no country. */
export const destinationIn = (code: string | undefined, field = 'destinationCountry') =>
  code === undefined ? undefined : countryIn(field, code);

/** Only an admin may override a destination's rules; anyone else sending an override is refused, allowed or not. */
export function checkOverrideAllowed(caller: Caller, override: OverrideAsked | undefined): void {
  if (override && caller.role !== 'admin')
    throw forbidden('Only an admin may override the import rules (importRuleOverride)');
}

/** The fields of a car given by hand that the rules read, when they have the right type. */
function factsOfDetails(details: Record<string, unknown> | undefined): ImportFacts {
  const facts: ImportFacts = {};
  if (!details) return facts;
  if (Number.isInteger(details.year)) facts.year = details.year as number;
  if (typeof details.firstRegistration === 'string' && /^\d{4}-\d{2}/.test(details.firstRegistration))
    facts.firstRegistration = details.firstRegistration.slice(0, 7);
  if (Array.isArray(details.damage) && details.damage.every((d) => typeof d === 'string'))
    facts.damage = details.damage as string[];
  if (Number.isInteger(details.displacement)) facts.displacement = details.displacement as number;
  if (typeof details.fuelType === 'string') facts.fuelType = details.fuelType;
  return facts;
}

/** What the rules read of an order's car: the catalogue's record, under what was given by hand. */
export const importFactsOf = (car: CarRecord | undefined, details: Record<string, unknown> | undefined): ImportFacts =>
  car
    ? {
        year: car.year,
        firstRegistration: car.firstRegistration,
        damage: car.damage,
        displacement: car.displacement,
        fuelType: car.fuelType,
        ...factsOfDetails(details),
      }
    : factsOfDetails(details);

/** The import check of a car to a destination for a tenant, on the tenant's day `at` (the ETA when the rule counts to arrival). */
async function importCheckOf(
  tenantId: string | undefined,
  country: string,
  facts: ImportFacts,
  at: string,
  eta?: string,
): Promise<ImportCheck> {
  const [rule, day] = await Promise.all([ruleInForce(tenantId, country), tenantToday(tenantId, at)]);
  return evaluateImport(country, rule, facts, day, eta);
}

/**
 * The destination of a new order and the decision on its car: refused (409) when the rules
 * refuse it and no admin overrides them; the override is kept when an admin gave one.
 */
export async function decideDestination(
  caller: Caller,
  request: { destination?: string; customerCountry?: string; override?: OverrideAsked; tenantId?: string },
  facts: ImportFacts,
  now: string,
): Promise<Destination> {
  const country = request.destination ?? (request.customerCountry ? countryCodeOf(request.customerCountry) : undefined);
  if (country === undefined) return {};
  const check = await importCheckOf(request.tenantId, country, facts, now);
  if (!check.allowed && !request.override) throw importRestricted(country, check.reasons);
  return {
    destinationCountry: country,
    ...(request.override
      ? { importRuleOverride: { reason: request.override.reason, by: actorOf(caller), at: now } }
      : {}),
  };
}

/**
 * An order's car judged by the rules in force now for its destination, as of the day it was
 * ordered (its ETA when a rule counts to arrival); undefined when the order has no destination.
 */
export function orderImportCheck(
  order: Pick<OrderRecord, 'tenantId' | 'destinationCountry' | 'carDetails' | 'createdAt' | 'shipment'>,
): Promise<ImportCheck> | undefined {
  if (!order.destinationCountry) return undefined;
  const facts = importFactsOf(undefined, order.carDetails);
  return importCheckOf(order.tenantId, order.destinationCountry, facts, order.createdAt, order.shipment?.eta);
}
