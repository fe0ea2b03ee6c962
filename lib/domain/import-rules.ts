import { type DAMAGE_KINDS, FUEL_TYPES } from './car.js';

/**
 * What a destination country lets in, as data (docs/import-rules.md), and the one evaluation of a
 * car against it: the catalogue's filter, the car check, order creation and the order page all
 * ask this module, so they never disagree.
 */

export const AGE_COUNTED_FROM = ['model-year', 'first-registration'] as const;
export const AGE_COUNTED_TO = ['order', 'arrival'] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];
export type FuelType = (typeof FUEL_TYPES)[number];

/** A permit the Korean side asks for before the car may leave, for every car or above an engine size. */
export interface Permit {
  name: string;
  /** Needed only for cars whose engine is over this many cc. */
  engineOverCc?: number;
  note?: string;
}

/** What an admin sets for one country: the limits, what the buyer needs, and where the figures come from. */
export interface ImportRuleText {
  /** No limit when absent. */
  maxAgeYears?: number;
  ageCountedFrom: (typeof AGE_COUNTED_FROM)[number];
  ageCountedTo: (typeof AGE_COUNTED_TO)[number];
  refusedDamage: DamageKind[];
  engine?: { minCc?: number; maxCc?: number };
  fuelTypesRefused: FuelType[];
  documents: string[];
  permits: Permit[];
  note: string;
  source: string;
  /** The day the source was read (YYYY-MM-DD). */
  asOf: string;
  confirmed: boolean;
}

export interface ImportRule extends ImportRuleText {
  country: string;
  origin: 'default' | 'tenant';
  version: number;
  updatedAt?: string;
  updatedBy?: string;
}

/** What is known of a car to judge it: a catalogue car has all of it, a car given by hand what it was given. */
export interface ImportFacts {
  year?: number;
  /** YYYY-MM */
  firstRegistration?: string;
  damage?: readonly string[];
  displacement?: number;
  fuelType?: string;
}

export type RuleName = 'maxAgeYears' | 'refusedDamage' | 'engine' | 'fuelTypesRefused';

export interface ImportReason {
  rule: RuleName;
  message: string;
  source: string;
}

export interface ImportCheck {
  country: string;
  allowed: boolean;
  reasons: ImportReason[];
  documents: string[];
  permits: Permit[];
  /** The rules this car could not be judged on, for want of the field they read (a car given by hand). */
  unchecked: Array<{ rule: RuleName; message: string }>;
  /** Whether the destination has a rule set at all; without one nothing is refused. */
  ruled: boolean;
}

/** How long after the order a car is counted as arriving, when a rule counts age to the arrival and no ETA is known. */
export const ARRIVAL_ALLOWANCE_DAYS = 60;

const DAY_MS = 86_400_000;

/** The day a rule counts the car's age to: the order's day, or its arrival (the ETA, else the order's day plus the allowance). */
export function ageReferenceDay(rule: Pick<ImportRuleText, 'ageCountedTo'>, orderDay: string, eta?: string): string {
  if (rule.ageCountedTo === 'order') return orderDay;
  if (eta) return eta.slice(0, 10);
  return new Date(Date.parse(`${orderDay}T00:00:00Z`) + ARRIVAL_ALLOWANCE_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** Whole years from `start` (YYYY-MM-DD) to `end`: a car first registered on 2021-03-01 is 4 on 2026-02-28 and 5 on 2026-03-01. */
export function completedYears(start: string, end: string): number {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return ey - sy - (em < sm || (em === sm && ed < sd) ? 1 : 0);
}

/** The day a car's age starts from, by the rule's method, and whether the method's own field was known. */
function ageStart(rule: ImportRuleText, car: ImportFacts): { day: string; exact: boolean } | undefined {
  if (rule.ageCountedFrom === 'first-registration' && car.firstRegistration)
    return { day: `${car.firstRegistration}-01`, exact: true };
  if (car.year === undefined) return undefined;
  // A model year counts from its first day; without a first registration, a rule that counts from it reads the model year.
  return { day: `${String(car.year).padStart(4, '0')}-01-01`, exact: rule.ageCountedFrom === 'model-year' };
}

const describeAgeMethod = (rule: ImportRuleText) =>
  `counted from the ${rule.ageCountedFrom === 'model-year' ? 'model year' : 'first registration'} to the ${rule.ageCountedTo === 'order' ? 'order date' : 'arrival'}`;

/** The permits a car needs: those for every car, and those above an engine size when its engine is over it (or unknown). */
function permitsFor(rule: ImportRuleText, car: ImportFacts): Permit[] {
  return rule.permits.filter(
    (p) => p.engineOverCc === undefined || car.displacement === undefined || car.displacement > p.engineOverCc,
  );
}

/**
 * Judges one car against a destination's rule set on the day it is ordered: allowed or the
 * reasons why not, each naming its rule and source, and what the buyer and the exporter will need.
 * No rule set: allowed, nothing asked.
 */
export function evaluateImport(
  country: string,
  rule: ImportRuleText | undefined,
  car: ImportFacts,
  orderDay: string,
  eta?: string,
): ImportCheck {
  if (!rule) return { country, allowed: true, reasons: [], documents: [], permits: [], unchecked: [], ruled: false };
  const reasons: ImportReason[] = [];
  const unchecked: ImportCheck['unchecked'] = [];
  const refuse = (name: RuleName, message: string) => reasons.push({ rule: name, message, source: rule.source });
  if (rule.maxAgeYears !== undefined) {
    const start = ageStart(rule, car);
    if (!start) unchecked.push({ rule: 'maxAgeYears', message: 'the car has no year, so its age is not known' });
    else {
      const to = ageReferenceDay(rule, orderDay, eta);
      const age = completedYears(start.day, to);
      if (!start.exact)
        unchecked.push({
          rule: 'maxAgeYears',
          message: 'the car has no first registration; its age was counted from the model year instead',
        });
      if (age > rule.maxAgeYears)
        refuse(
          'maxAgeYears',
          `${country} takes cars at most ${rule.maxAgeYears} years old (${describeAgeMethod(rule)}); this one is ${age} on ${to}`,
        );
    }
  }
  if (rule.refusedDamage.length > 0) {
    if (car.damage === undefined)
      unchecked.push({ rule: 'refusedDamage', message: 'the car has no damage record, so its damage is not known' });
    else {
      const found = car.damage.filter((d) => (rule.refusedDamage as readonly string[]).includes(d));
      if (found.length > 0)
        refuse('refusedDamage', `${country} refuses cars with ${found.join(', ')} damage; this one has it recorded`);
    }
  }
  if (rule.engine && (rule.engine.minCc !== undefined || rule.engine.maxCc !== undefined)) {
    const { minCc, maxCc } = rule.engine;
    const cc = car.displacement;
    if (cc === undefined)
      unchecked.push({ rule: 'engine', message: 'the car has no engine size, so the engine limit was not checked' });
    else if ((minCc !== undefined && cc < minCc) || (maxCc !== undefined && cc > maxCc))
      refuse(
        'engine',
        `${country} takes engines ${minCc !== undefined ? `from ${minCc} cc` : ''}${minCc !== undefined && maxCc !== undefined ? ' ' : ''}${maxCc !== undefined ? `up to ${maxCc} cc` : ''}; this one is ${cc} cc`,
      );
  }
  if (rule.fuelTypesRefused.length > 0) {
    if (car.fuelType === undefined)
      unchecked.push({ rule: 'fuelTypesRefused', message: 'the car has no fuel type, so it was not checked' });
    else if ((rule.fuelTypesRefused as readonly string[]).some((f) => f.toLowerCase() === car.fuelType!.toLowerCase()))
      refuse('fuelTypesRefused', `${country} refuses ${car.fuelType} cars`);
  }
  return {
    country,
    allowed: reasons.length === 0,
    reasons,
    documents: [...rule.documents],
    permits: permitsFor(rule, car),
    unchecked,
    ruled: true,
  };
}

/** The conditions of a rule set on the catalogue's columns, for the list's `importableTo` filter. */
export interface ImportConditions {
  /** The oldest model year let in (model-year counting; with first-registration counting, for cars with no registration known). */
  yearFrom?: number;
  /** The earliest first registration let in, as months since year 0 (year * 12 + month - 1); cars without one are judged by yearFrom. */
  registeredFrom?: number;
  excludeDamage: string[];
  /** The fuels let in, and those refused (the list excludes these when it names no fuel of its own). */
  fuelTypes?: string[];
  fuelTypesRefused: string[];
  minCc?: number;
  maxCc?: number;
}

/** Months since year 0 of a YYYY-MM (or YYYY-MM-DD) text. */
export const monthNumber = (yearMonth: string): number =>
  Number(yearMonth.slice(0, 4)) * 12 + Number(yearMonth.slice(5, 7)) - 1;

/**
 * The same rule set as conditions on the catalogue's columns, for a car ordered on `orderDay`:
 * a car of model year Y is `to`-year minus Y years old under model-year counting, so the oldest
 * year let in is that year minus the limit; a car first registered in month M is at most `max`
 * years old on day D (in month T) while T - M < 12 (max + 1).
 */
export function importConditions(rule: ImportRuleText, orderDay: string): ImportConditions {
  const conditions: ImportConditions = {
    excludeDamage: [...rule.refusedDamage],
    fuelTypesRefused: [...rule.fuelTypesRefused],
  };
  if (rule.maxAgeYears !== undefined) {
    const to = ageReferenceDay(rule, orderDay);
    const toYear = Number(to.slice(0, 4));
    conditions.yearFrom = toYear - rule.maxAgeYears;
    // Counted from the first of the registration month, whole years are floor(months between / 12).
    if (rule.ageCountedFrom === 'first-registration')
      conditions.registeredFrom = monthNumber(to) - (rule.maxAgeYears + 1) * 12 + 1;
  }
  if (rule.fuelTypesRefused.length > 0) {
    const refused = new Set(rule.fuelTypesRefused.map((f) => f.toLowerCase()));
    conditions.fuelTypes = FUEL_TYPES.filter((f) => !refused.has(f.toLowerCase()));
  }
  if (rule.engine?.minCc !== undefined) conditions.minCc = rule.engine.minCc;
  if (rule.engine?.maxCc !== undefined) conditions.maxCc = rule.engine.maxCc;
  return conditions;
}
