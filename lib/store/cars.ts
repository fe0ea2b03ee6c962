import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CarRecord } from '../domain/car.js';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { type CarReference, carCodec, carReferenceCodec } from './records/car.js';
import { type CataloguePointer, cataloguePointerCodec } from './records/catalogue-pointer.js';

export type { CataloguePointer } from './records/catalogue-pointer.js';

export async function getCar(id: number): Promise<CarRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.car(id) }));
  return Item ? carCodec.decode(Item) : undefined;
}

export async function getCataloguePointer(): Promise<CataloguePointer | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.cataloguePointer() }));
  return Item ? cataloguePointerCodec.decode(Item) : undefined;
}

/** Moves the pointer only if it still names `expectedVersion` (undefined: no pointer yet); false when another import won. */
export async function putCataloguePointer(
  pointer: CataloguePointer,
  expectedVersion: string | undefined,
): Promise<boolean> {
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
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Existing ids of listings, looked up by provider + advertisementNumber (100 per BatchGet). */
export async function findCarIds(
  refs: ReadonlyArray<{ provider: string; advertisementNumber: string }>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const [key, reference] of await findCarReferences(refs)) found.set(key, reference.carId);
  return found;
}

/** The references of listings (id, digest, price, availability) by `provider#advertisementNumber`. */
export async function findCarReferences(
  refs: ReadonlyArray<{ provider: string; advertisementNumber: string }>,
): Promise<Map<string, CarReference>> {
  const found = new Map<string, CarReference>();
  for (const chunk of chunks(refs, 100)) {
    let request: Record<string, { Keys: Array<Record<string, unknown>> }> | undefined = {
      [tableName()]: { Keys: chunk.map((r) => keys.carReference(r.provider, r.advertisementNumber)) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[tableName()] ?? []) {
        const reference: CarReference = carReferenceCodec.decode(item);
        found.set(`${reference.provider}#${reference.advertisementNumber}`, reference);
      }
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Reserves `count` consecutive car ids with one atomic ADD; returns the first. */
export async function reserveCarIds(count: number): Promise<number> {
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

/** How many BatchWrites an import keeps in flight: unprocessed items are retried with back-off anyway. */
const WRITE_CONCURRENCY = 8;

/**
 * Writes cars and their references, 25 items per BatchWrite, a few at a time, retrying unprocessed
 * items. A feed gives each car's digest: its reference keeps it (with the price and its history)
 * so the next feed skips an unchanged line without reading the car.
 */
export async function writeCars(cars: readonly CarRecord[], digests?: ReadonlyMap<number, string>): Promise<void> {
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
          ...(digests?.has(car.id) ? { digest: digests.get(car.id), price: car.price } : {}),
          ...(car.priceHistory ? { priceHistory: car.priceHistory } : {}),
          ...(car.availability ? { availability: car.availability } : {}),
        },
      },
    },
  ]);
  await batchWrite(items);
}

/** Marks cars as gone from their provider's list: the car keeps its record, with how and when it left. */
export async function markCarsRemoved(
  removals: ReadonlyArray<{
    carId: number;
    provider: string;
    advertisementNumber: string;
    availability: 'sold' | 'withdrawn';
  }>,
  at: string,
): Promise<void> {
  const queue = [...removals];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const removal = next;
      await ddb
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.car(removal.carId),
            UpdateExpression: 'SET availability = :a, removedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':a': removal.availability, ':at': at },
          }),
        )
        .catch((error: unknown) => {
          // A reference whose car was never written (an import cut off between the two) has nothing to mark.
          if (!isConditionalCheckFailed(error)) throw error;
        });
      await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.carReference(removal.provider, removal.advertisementNumber),
          // The digest goes: the car listed again is written again, whatever it says.
          UpdateExpression: 'SET availability = :a REMOVE digest',
          ExpressionAttributeValues: { ':a': removal.availability },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
}

async function batchWrite(items: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  // 24, not 25: a car and its reference (written in pairs) always share one BatchWrite.
  const queue = chunks(items, 24);
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
