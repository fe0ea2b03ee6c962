/**
 * The baseline of the feeds bench: the one-shot catalogue import as it was before catalogue feeds
 * (dd31005: lib/use-cases/import-catalogue.ts and the store calls it made in lib/store/cars.ts),
 * kept here only to be measured side by side with the feed import. The staff CLI read the whole
 * NDJSON file, parsed every line, then importCars upserted every listing (a BatchWrite of the car
 * and its reference item, no change detection: an unchanged car is written again) and rebuilt
 * the snapshot from the current one with every line's row. It could not remove a car.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Ajv } from 'ajv';
import { writeObject } from '../../lib/archive/s3.js';
import { CarImportLine } from '../../lib/catalogue/car-schema.js';
import { type CarRow, toRow } from '../../lib/catalogue/car-row.js';
import { buildIndex, rowAt } from '../../lib/catalogue/catalogue-index.js';
import { downloadSnapshot, snapshotKey } from '../../lib/catalogue/snapshot.js';
import { encodeSnapshot } from '../../lib/catalogue/snapshot-writer.js';
import { bucketName, tableName } from '../../lib/config.js';
import type { CarRecord } from '../../lib/domain/car.js';
import { newId } from '../../lib/domain/ids.js';
import { isDate, isDateTime } from '../../lib/schemas/formats.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';

interface Pointer {
  version: string;
  objectKey: string;
  count: number;
  createdAt: string;
}

/** Parses an NDJSON catalogue: good lines are kept, bad ones counted (the CLI printed them). */
export function previousParseCatalogueLines(text: string): { cars: CarImportLine[]; errors: number } {
  const ajv = new Ajv({ allErrors: true, strict: false, formats: { date: isDate, 'date-time': isDateTime } });
  const validate = ajv.compile<CarImportLine>(CarImportLine);
  const cars: CarImportLine[] = [];
  let errors = 0;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      errors += 1;
      continue;
    }
    if (validate(value)) cars.push(value);
    else errors += 1;
  }
  return { cars, errors };
}

async function getPointer(): Promise<Pointer | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cataloguePointer() }));
  return Item
    ? {
        version: String(Item.version),
        objectKey: String(Item.objectKey),
        count: Number(Item.count),
        createdAt: String(Item.createdAt),
      }
    : undefined;
}

async function putPointer(pointer: Pointer, expectedVersion: string | undefined): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.cataloguePointer(), entity: 'cataloguePointer', ...pointer },
        ConditionExpression: expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :expected',
        ...(expectedVersion === undefined ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function findCarIds(
  refs: ReadonlyArray<{ provider: string; advertisementNumber: string }>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const chunk of chunks(refs, 100)) {
    let request: Record<string, { Keys: Array<Record<string, unknown>> }> | undefined = {
      [tableName()]: { Keys: chunk.map((r) => keys.carReference(r.provider, r.advertisementNumber)) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName()] ?? [])
        found.set(`${item.provider}#${item.advertisementNumber}`, Number(item.carId));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

async function reserveCarIds(count: number): Promise<number> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter('carId'),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value) - count + 1;
}

const WRITE_CONCURRENCY = 8;

async function writeCars(cars: readonly CarRecord[]): Promise<void> {
  const items = cars.flatMap((car) => [
    { PutRequest: { Item: { ...keys.car(car.id), entity: 'car', ...car } } },
    {
      PutRequest: {
        Item: {
          ...keys.carReference(car.provider, car.advertisementNumber),
          entity: 'carReference',
          provider: car.provider,
          advertisementNumber: car.advertisementNumber,
          carId: car.id,
        },
      },
    },
  ]);
  const queue = chunks(items, 25);
  const writer = async () => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      let pending: Record<string, typeof chunk> | undefined = { [tableName()]: chunk };
      for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const result = await ddb.send(new BatchWriteCommand({ RequestItems: pending }));
        pending = result.UnprocessedItems as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
}

/** The previous importCars: every line upserted, then the snapshot rebuilt with every line's row. */
export async function previousImportCars(
  lines: readonly CarImportLine[],
): Promise<{ created: number; updated: number; catalogueSize: number; version: string }> {
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
  // The previous code retried on a lost race for the pointer; the bench runs one import at a time.
  const pointer = await getPointer();
  const rows = new Map<number, CarRow>();
  if (pointer) {
    const { index } = await downloadSnapshot(pointer.objectKey);
    for (let i = 0; i < index.size; i += 1) {
      const row = rowAt(index, i);
      rows.set(row.id, row);
    }
  }
  for (const car of cars) rows.set(car.id, toRow(car));
  const version = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}`;
  const objectKey = snapshotKey(version);
  await writeObject(
    bucketName(),
    objectKey,
    encodeSnapshot(version, buildIndex([...rows.values()])),
    'application/octet-stream',
  );
  if (
    !(await putPointer({ version, objectKey, count: rows.size, createdAt: new Date().toISOString() }, pointer?.version))
  )
    throw new Error('the catalogue pointer moved during the baseline import');
  return { created: fresh.length, updated: unique.length - fresh.length, catalogueSize: rows.size, version };
}
