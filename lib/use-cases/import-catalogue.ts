import { Ajv } from 'ajv';
import { isDate, isDateTime } from '../schemas/formats.js';
import { newId } from '../domain/ids.js';
import { findCarIds, getCataloguePointer, putCataloguePointer, reserveCarIds, writeCars } from '../store/cars.js';
import type { CarRecord } from '../domain/car.js';
import { CarImportLine } from '../catalogue/car-schema.js';
import { toRow, type CarRow } from '../catalogue/car-row.js';
import { allRows, buildIndex } from '../catalogue/catalogue-index.js';
import { downloadSnapshot, encodeSnapshot, snapshotKey } from '../catalogue/snapshot.js';
import { writeObject } from '../archive/s3.js';
import { bucketName } from '../config.js';
import { RETRY, withRetries } from './shared/retry.js';

/** Compiled on use: the import runs in the staff CLI, never in a Lambda cold start. */
function lineValidator() {
  // The API's own date formats, so a feed's date means what a request's date means.
  const ajv = new Ajv({ allErrors: true, strict: false, formats: { date: isDate, 'date-time': isDateTime } });
  return ajv.compile<CarImportLine>(CarImportLine);
}

export interface LineError {
  line: number;
  message: string;
}

/** Parses an NDJSON catalogue: good lines are kept, bad ones reported with their line number. */
export function parseCatalogueLines(text: string): { cars: CarImportLine[]; errors: LineError[] } {
  const validate = lineValidator();
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
    if (!validate(value)) {
      const reasons = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      errors.push({ line, message: reasons.join('; ') });
      return;
    }
    cars.push(value);
  });
  return { cars, errors };
}

export interface ImportSummary {
  received: number;
  created: number;
  updated: number;
  catalogueSize: number;
  version: string;
}

/**
 * Upserts cars by provider + advertisementNumber (a re-import keeps each car's id), then
 * publishes a new snapshot for the list to serve. Running it twice changes nothing but versions.
 */
export async function importCars(lines: readonly CarImportLine[]): Promise<ImportSummary> {
  const latest = new Map<string, CarImportLine>();
  for (const line of lines) latest.set(`${line.provider}#${line.advertisementNumber}`, line);
  const unique = [...latest.values()];
  const known = await findCarIds(unique);
  const fresh = unique.filter((c) => !known.has(`${c.provider}#${c.advertisementNumber}`));
  let nextId = fresh.length > 0 ? await reserveCarIds(fresh.length) : 0;
  const cars: CarRecord[] = unique.map(({ id: _ignored, ...line }) => {
    const id = known.get(`${line.provider}#${line.advertisementNumber}`) ?? nextId++;
    return { ...line, id } as CarRecord;
  });
  await writeCars(cars);

  // Two imports at once must not drop each other's cars: the pointer moves only from the
  // snapshot this one merged into, otherwise it merges again onto the newer one.
  return withRetries(
    async () => {
      const pointer = await getCataloguePointer();
      const rows = new Map<number, CarRow>();
      if (pointer) for (const row of allRows((await downloadSnapshot(pointer.objectKey)).index)) rows.set(row.id, row);
      for (const car of cars) rows.set(car.id, toRow(car));
      const version = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}`;
      const objectKey = snapshotKey(version);
      await writeObject(bucketName(), objectKey, encodeSnapshot(version, buildIndex([...rows.values()])), 'application/octet-stream');
      if (!(await putCataloguePointer({ version, objectKey, count: rows.size, createdAt: new Date().toISOString() }, pointer?.version))) return RETRY;
      return { received: lines.length, created: fresh.length, updated: unique.length - fresh.length, catalogueSize: rows.size, version };
    },
    () => new Error('the catalogue kept changing during the import; run it again'),
  );
}
