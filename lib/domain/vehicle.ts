/**
 * The car an order is about, as one record gathered from everything the order knows of it: the
 * car snapshot taken when the order was placed (the catalogue's names, or what staff typed), the
 * contract's car fields and the customs invoice's. An order placed without a catalogue car often
 * has an empty snapshot while its contract or customs invoice names the car; messages and
 * documents should name it from there, and say what is missing when nothing names it, never
 * print a bare "car".
 */

/** The car in one shape, whatever source each field came from; absent fields are not known. */
export interface Vehicle {
  make?: string;
  model?: string;
  grade?: string;
  year?: number;
  vin?: string;
  engineNumber?: string;
  displacementCc?: number;
  fuelType?: string;
  color?: string;
  mileageKm?: number;
  /** As written, e.g. "45,000 km" (a contract's mileage is free text). */
  mileage?: string;
  vehicleType?: string;
  condition?: 'used' | 'new';
  title?: string;
}

type Fields = Record<string, unknown>;

/** What vehicleOf reads: each source as stored, any of them missing. */
export interface VehicleSources {
  /** The order's car snapshot (catalogue names: makeEn, modelEn, ...; or free keys such as make, model). */
  carDetails?: Fields;
  contract?: { carDetails?: Fields; vin?: string; mileage?: string; color?: string };
  /** The customs invoice as stored (carMake, carModel, carYear, carVin, carColor, engineNumber, ...). */
  customsInvoice?: Fields;
}

/** Words people put where a name belongs when they have none; a name made of them names nothing. */
const PLACEHOLDERS = new Set([
  'car',
  'cars',
  'vehicle',
  'unknown',
  'n/a',
  'na',
  'none',
  'tbd',
  'tba',
  '-',
  '--',
  '?',
  'سيارة',
  'السيارة',
]);

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A trimmed string; '' and anything not a string are absent. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A name part (make, model, grade, title): text that is more than a placeholder. */
function naming(value: unknown): string | undefined {
  const name = text(value);
  return name !== undefined && !PLACEHOLDERS.has(name.toLowerCase()) ? name : undefined;
}

/** A finite number within bounds; numbers written as strings are the wrong type and ignored. */
function numberIn(value: unknown, min: number, max: number, whole = false): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) return undefined;
  return whole && !Number.isInteger(value) ? undefined : value;
}

const yearOf = (value: unknown) => numberIn(value, 1900, 2100, true);
const kmOf = (value: unknown) => numberIn(value, 0, 10_000_000);
const ccOf = (value: unknown) => numberIn(value, 1, 100_000);

function conditionOf(value: unknown): Vehicle['condition'] {
  const given = text(value)?.toLowerCase();
  return given === 'used' || given === 'new' ? given : undefined;
}

/** A car snapshot (the order's, or the one a contract carries): catalogue names first, then the free keys staff type. */
function fromCarDetails(details: unknown): Vehicle {
  if (!isFields(details)) return {};
  return {
    make: naming(details.makeEn) ?? naming(details.make),
    model: naming(details.modelEn) ?? naming(details.model),
    grade: naming(details.gradeEn) ?? naming(details.grade),
    year: yearOf(details.year),
    vin: text(details.vin),
    color: text(details.color),
    mileageKm: kmOf(details.kilometers),
    fuelType: text(details.fuelType),
    // `displacement` as the catalogue names it, `engineCapacityCc` as the customs invoice does.
    displacementCc: ccOf(details.displacement) ?? ccOf(details.engineCapacityCc),
    vehicleType: text(details.vehicleType),
    title: naming(details.title),
    condition: conditionOf(details.condition),
  };
}

/** A contract's car: its own vin, color and mileage fields, which staff set on it, over the snapshot it carries. */
function fromContract(contract: unknown): Vehicle {
  if (!isFields(contract)) return {};
  const own: Vehicle = { vin: text(contract.vin), color: text(contract.color), mileage: text(contract.mileage) };
  return firstKnown(own, fromCarDetails(contract.carDetails));
}

function fromCustomsInvoice(invoice: unknown): Vehicle {
  if (!isFields(invoice)) return {};
  return {
    make: naming(invoice.carMake),
    model: naming(invoice.carModel),
    year: yearOf(invoice.carYear),
    vin: text(invoice.carVin),
    color: text(invoice.carColor),
    engineNumber: text(invoice.engineNumber),
    displacementCc: ccOf(invoice.engineCapacityCc),
    fuelType: text(invoice.fuelType),
    mileageKm: kmOf(invoice.mileageKm),
    condition: conditionOf(invoice.condition),
  };
}

/** Field by field, the first source that knows it; fields nobody knows are left out. */
function firstKnown(...sources: Vehicle[]): Vehicle {
  const out: Record<string, unknown> = {};
  for (const source of sources) {
    for (const [field, value] of Object.entries(source))
      if (value !== undefined && out[field] === undefined) out[field] = value;
  }
  return out as Vehicle;
}

/**
 * The order's car, field by field: its car snapshot first, else the contract's car fields, else
 * the customs invoice's. Values of the wrong type are ignored, strings trimmed, '' absent.
 * condition is 'used' unless a source says otherwise: the business exports used cars.
 */
export function vehicleOf(sources: VehicleSources): Vehicle {
  const known = firstKnown(
    fromCarDetails(sources.carDetails),
    fromContract(sources.contract),
    fromCustomsInvoice(sources.customsInvoice),
  );
  return { ...known, condition: known.condition ?? 'used' };
}

const words = (value: string) => value.toLowerCase().split(/\s+/);
/** Whether `name` already holds `part` as whole words ("Kia Sorento" holds "Kia"). */
const holds = (name: string, part: string) => {
  const all = words(name);
  const wanted = words(part);
  return all.some((_, i) => wanted.every((word, j) => all[i + j] === word));
};

/**
 * The car's name: "Kia Sorento 2022" (make, model and year, as far as known), or its title when
 * neither make nor model is known; undefined when none of them is. A model typed with its make
 * or year in it ("Kia Sorento 2022") does not repeat them.
 */
export function vehicleName(v: Vehicle): string | undefined {
  const make = naming(v.make);
  const model = naming(v.model);
  if (make === undefined && model === undefined) return naming(v.title);
  const year = yearOf(v.year);
  const parts = [
    make !== undefined && model !== undefined && holds(model, make) ? undefined : make,
    model,
    year !== undefined && !(model !== undefined && holds(model, String(year))) ? String(year) : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(' ');
}

/**
 * What a message says of a car it cannot name: by its VIN, else as the order's car, saying what is
 * missing. `complement` is the same without its own word for the car, for text that already has
 * one before it ("your contract for the {{3}}", "عقد الشراء لسيارة {{3}}").
 */
const UNNAMED: Record<
  'en' | 'ar',
  Record<'byVin' | 'ofOrder', { phrase: (value: string) => string; complement: (value: string) => string }>
> = {
  en: {
    byVin: { phrase: (vin) => `the car with VIN ${vin}`, complement: (vin) => `car with VIN ${vin}` },
    ofOrder: {
      phrase: (n) => `the car of order #${n} (make and model not recorded yet)`,
      complement: (n) => `car of order #${n} (make and model not recorded yet)`,
    },
  },
  ar: {
    byVin: { phrase: (vin) => `السيارة ذات رقم الهيكل ${vin}`, complement: (vin) => `ذات رقم الهيكل ${vin}` },
    ofOrder: {
      phrase: (n) => `سيارة الطلب رقم ${n} (لم تُسجَّل الماركة والطراز بعد)`,
      complement: (n) => `الطلب رقم ${n} (لم تُسجَّل الماركة والطراز بعد)`,
    },
  },
};

/**
 * The car in words for a message or document: its name; else, when only its VIN is known, the
 * car with that VIN; else the order's car, saying that its make and model are not recorded yet.
 * With `afterCarWord`, the words around it already say "the car" (Arabic "سيارة") just before
 * it, and an unnamed car is described without saying it again.
 */
export function vehicleLabel(
  v: Vehicle,
  language: 'en' | 'ar',
  orderNumber: number,
  options: { afterCarWord?: boolean } = {},
): string {
  const name = vehicleName(v);
  if (name !== undefined) return name;
  const unnamed = UNNAMED[language] ?? UNNAMED.en;
  const form = options.afterCarWord === true ? 'complement' : 'phrase';
  const vin = text(v.vin);
  return vin !== undefined ? unnamed.byVin[form](vin) : unnamed.ofOrder[form](String(orderNumber));
}
