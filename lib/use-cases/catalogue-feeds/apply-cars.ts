import { createHash } from 'node:crypto';
import type { CarRecord, Provider, RemovedAvailability } from '../../domain/car.js';
import { withPrice } from '../../domain/catalogue-feeds.js';
import type { CarImportLine } from '../../catalogue/car-schema.js';
import type { CarChange } from '../../catalogue/changes.js';
import { toRow } from '../../catalogue/car-row.js';
import { findCarReferences, markCarsRemoved, reserveCarIds, writeCars } from '../../store/cars.js';

/** JSON with object keys sorted, so two feeds listing a car alike give one digest whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A digest of a listing as a feed gives it (its id left out: the import assigns ids). */
const listingDigest = ({ id: _id, ...car }: CarImportLine): string =>
  createHash('sha256').update(canonical(car)).digest('base64url').slice(0, 22);

export interface UpsertOutcome {
  changes: CarChange[];
  created: number;
  updated: number;
  unchanged: number;
  repriced: number;
  /** Writes the planned cars: a feed's step records its changes first, then calls this. */
  write(): Promise<void>;
}

const refKey = (provider: string, advertisementNumber: string) => `${provider}#${advertisementNumber}`;

/**
 * Plans the cars of one step of an import, writing nothing but reserved ids: a listing seen
 * before keeps its id, and is written only when it changed (its digest differs, or it had left
 * the list); a price change joins the car's history. Lines for one listing within the step: the
 * last one wins.
 */
export async function planUpserts(lines: readonly CarImportLine[], at: string): Promise<UpsertOutcome> {
  const latest = new Map<string, CarImportLine>();
  for (const line of lines) latest.set(refKey(line.provider, line.advertisementNumber), line);
  const unique = [...latest.values()];
  const references = await findCarReferences(unique);
  const fresh = unique.filter((car) => !references.has(refKey(car.provider, car.advertisementNumber)));
  let nextId = fresh.length > 0 ? await reserveCarIds(fresh.length) : 0;
  const records: CarRecord[] = [];
  const digests = new Map<number, string>();
  const outcome: UpsertOutcome = {
    changes: [],
    created: 0,
    updated: 0,
    unchanged: lines.length - unique.length,
    repriced: 0,
    write: async () => {
      if (records.length > 0) await writeCars(records, digests);
    },
  };
  for (const line of unique) {
    const reference = references.get(refKey(line.provider, line.advertisementNumber));
    const digest = listingDigest(line);
    if (reference?.digest === digest && reference.availability === undefined) {
      outcome.unchanged += 1;
      continue;
    }
    const { id: _ignored, ...car } = line;
    const id = reference?.carId ?? nextId++;
    const priceHistory = withPrice(reference?.priceHistory, reference?.price, car.price, at);
    const record: CarRecord = { ...car, id, ...(priceHistory ? { priceHistory } : {}) };
    const repriced =
      reference?.price !== undefined && reference.availability === undefined && reference.price !== car.price;
    records.push(record);
    digests.set(id, digest);
    if (reference) outcome.updated += 1;
    else outcome.created += 1;
    if (repriced) outcome.repriced += 1;
    outcome.changes.push({
      kind: 'upsert',
      row: toRow(record),
      created: !reference,
      ...(repriced ? { from: reference.price } : {}),
    });
  }
  return outcome;
}

/** Plans and writes at once (the one-shot import). */
export async function upsertCars(lines: readonly CarImportLine[], at: string): Promise<UpsertOutcome> {
  const outcome = await planUpserts(lines, at);
  await outcome.write();
  return outcome;
}

export interface Removal {
  provider: Provider;
  advertisementNumber: string;
  availability: RemovedAvailability;
  /** The feed line that asked for it (a delta's), for the report. */
  line?: number;
}

/**
 * Plans taking cars off their provider's list (they keep their record, with how and when they
 * left); `write` marks them. A listing the catalogue never had, from a delta, is reported back as
 * unknown; one already gone changes nothing.
 */
export async function planRemovals(
  removals: readonly Removal[],
  at: string,
): Promise<{ changes: CarChange[]; removed: number; unchanged: number; unknown: Removal[]; write(): Promise<void> }> {
  const references = await findCarReferences(removals);
  const unknown: Removal[] = [];
  const marked: Array<Removal & { carId: number }> = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const removal of removals) {
    const key = refKey(removal.provider, removal.advertisementNumber);
    const reference = references.get(key);
    if (!reference) unknown.push(removal);
    else if (reference.availability !== undefined || seen.has(key)) unchanged += 1;
    else {
      seen.add(key);
      marked.push({ ...removal, carId: reference.carId });
    }
  }
  return {
    write: () => markCarsRemoved(marked, at),
    changes: marked.map((m) => ({
      kind: 'remove',
      id: m.carId,
      provider: m.provider,
      advertisementNumber: m.advertisementNumber,
      availability: m.availability,
      removedAt: at,
    })),
    removed: marked.length,
    unchanged,
    unknown,
  };
}
