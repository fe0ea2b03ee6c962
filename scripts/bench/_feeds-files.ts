import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import type { CarRecord } from '../../lib/domain/car.js';
import { advertisementNumber, generateCars } from '../demo-catalogue/generate.js';

/** The feeds suite's files: one provider's full list of generated cars, and the day's deltas on it. */

/** All cars are one provider's: a full list is one provider's cars. */
export const PROVIDER = 'glovis';
const IMAGE_BASE = 'https://img.example.com/cars';

/** A generated car as its provider's feed lists it: no id (the import gives it), one provider. */
const listing = (car: CarRecord) => {
  const { id, ...rest } = car;
  return { ...rest, provider: PROVIDER, advertisementNumber: advertisementNumber(PROVIDER, id) };
};

export interface Delta {
  file: string;
  upsertsFile: string;
  lines: number;
  repriced: number;
  created: number;
  removed: number;
  /** One repriced listing, its new price, and one removed listing: what the reader waits for. */
  probe: { advertisementNumber: string; price: number; gone: string };
}

export interface Files {
  plain: string;
  gzip: string;
  gzipBytes: number;
  plainBytes: number;
  deltas: Delta[];
}

/** The full list (plain for the one-shot import, gzipped for the feed) and the deltas, written to `dir`. */
export async function writeFiles(dir: string, cars: number, deltaSizes: number[]): Promise<Files> {
  const used = new Set<number>();
  /** `count` distinct car ids spread over the catalogue, none picked before. */
  const pick = (count: number, offset: number): number[] =>
    Array.from({ length: count }, (_, j) => {
      let id = 1 + ((Math.floor((j * cars) / count) + offset) % cars);
      while (used.has(id)) id = (id % cars) + 1;
      used.add(id);
      return id;
    });
  let nextNewId = cars + 1;
  const plans = deltaSizes.map((size, n) => {
    const repriced = Math.floor(size / 2);
    const created = Math.floor(size / 4);
    const removed = size - repriced - created;
    const plan = { size, reprice: pick(repriced, n), created, firstNew: nextNewId, remove: pick(removed, n + 7) };
    nextNewId += created;
    return plan;
  });
  const wanted = new Map<number, ReturnType<typeof listing>>();
  const repriceIds = new Set(plans.flatMap((p) => p.reprice));

  const plain = join(dir, 'full.ndjson');
  const out = createWriteStream(plain);
  let batch: string[] = [];
  for (const car of generateCars({ count: cars, seed: 42, imageBaseUrl: IMAGE_BASE })) {
    const line = listing(car);
    if (repriceIds.has(car.id)) wanted.set(car.id, line);
    batch.push(JSON.stringify(line));
    if (batch.length === 1000) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  if (batch.length > 0) out.write(`${batch.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  const gzip = join(dir, 'full.ndjson.gz');
  await pipeline(createReadStream(plain), createGzip(), createWriteStream(gzip));

  const deltas = plans.map((plan, n): Delta => {
    const newPrice = (price: number) => (price > 1000 ? Math.round(price * 0.97) : price + 1);
    const reprices = plan.reprice.map((id) => {
      const car = wanted.get(id)!;
      return { ...car, price: newPrice(car.price) };
    });
    const fresh = [
      ...generateCars({ count: plan.created, startId: plan.firstNew, seed: 42, imageBaseUrl: IMAGE_BASE }),
    ].map(listing);
    const removes = plan.remove.map((id, j) => ({
      op: 'remove',
      advertisementNumber: advertisementNumber(PROVIDER, id),
      availability: j % 2 === 0 ? 'sold' : 'withdrawn',
    }));
    // Interleaved, as a day's changes come.
    const lines: string[] = [];
    for (let i = 0; i < Math.max(reprices.length, fresh.length, removes.length); i += 1) {
      if (reprices[i]) lines.push(JSON.stringify({ op: 'upsert', ...reprices[i] }));
      if (fresh[i]) lines.push(JSON.stringify({ op: 'upsert', ...fresh[i] }));
      if (removes[i]) lines.push(JSON.stringify(removes[i]));
    }
    const file = join(dir, `delta-${n + 1}.ndjson.gz`);
    writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
    const upsertsFile = join(dir, `delta-${n + 1}-upserts.ndjson`);
    writeFileSync(upsertsFile, `${[...reprices, ...fresh].map((line) => JSON.stringify(line)).join('\n')}\n`);
    return {
      file,
      upsertsFile,
      lines: lines.length,
      repriced: reprices.length,
      created: fresh.length,
      removed: removes.length,
      probe: {
        advertisementNumber: reprices[0]!.advertisementNumber,
        price: reprices[0]!.price,
        gone: removes[0]!.advertisementNumber,
      },
    };
  });
  return { plain, gzip, plainBytes: statSync(plain).size, gzipBytes: statSync(gzip).size, deltas };
}
