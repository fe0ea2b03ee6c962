import type { CarImportLine } from '../catalogue/car-schema.js';
import { checkCarLine } from '../catalogue/feed-lines.js';
import { upsertCars } from './catalogue-feeds/apply-cars.js';
import { publishChanges } from './catalogue-feeds/publish.js';

export interface LineError {
  line: number;
  message: string;
}

/** Parses an NDJSON catalogue: good lines are kept, bad ones reported with their line number. */
export function parseCatalogueLines(text: string): { cars: CarImportLine[]; errors: LineError[] } {
  const cars: CarImportLine[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      errors.push({ line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    const checked = checkCarLine(value);
    if (checked.ok) cars.push(checked.car);
    else errors.push({ line, message: checked.reason });
  });
  return { cars, errors };
}

export interface ImportSummary {
  received: number;
  created: number;
  /** Cars seen before (changed or not). */
  updated: number;
  /** Of those, cars whose listing had not changed: nothing was written for them. */
  unchanged: number;
  catalogueSize: number;
  version: string;
}

/**
 * Upserts cars by provider + advertisementNumber (a re-import keeps each car's id, a changed price
 * joins its history), then publishes a new snapshot for the list to serve. Running it twice
 * writes nothing the second time but the snapshot.
 */
export async function importCars(lines: readonly CarImportLine[]): Promise<ImportSummary> {
  const outcome = await upsertCars(lines, new Date().toISOString());
  const published = await publishChanges(() => [outcome.changes]);
  return {
    received: lines.length,
    created: outcome.created,
    updated: lines.length - outcome.created,
    unchanged: outcome.unchanged,
    catalogueSize: published.count,
    version: published.version,
  };
}
