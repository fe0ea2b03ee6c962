/**
 * The binary catalogue snapshot (lib/catalogue/snapshot.ts): what the import ships is what a
 * cold container maps, with nothing lost and every query answered the same; a snapshot of the
 * previous JSON format is read by the conversion.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allRows, buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex, trimsOf } from '../../lib/catalogue/query.js';
import { decodeSnapshot, OlderSnapshotFormat } from '../../lib/catalogue/snapshot.js';
import { decodeAnySnapshot } from '../../lib/catalogue/snapshot-older.js';
import { encodeSnapshot } from '../../lib/catalogue/snapshot-writer.js';
import { generateCars } from '../../scripts/demo-catalogue/generate.js';

const rows: CarRow[] = [];
for (const car of generateCars({ count: 2500, seed: 11, imageBaseUrl: 'http://127.0.0.1/img' })) rows.push(toRow(car));
const built = buildIndex(rows);

describe('the catalogue snapshot', () => {
  it('maps back into an index holding every car exactly as imported (optional fields, options and damage included)', () => {
    const { version, index } = decodeSnapshot(encodeSnapshot('v-test', built));

    expect(version).toBe('v-test');
    expect(index.size).toBe(rows.length);
    expect(allRows(index)).toEqual(rows);
  });

  it('answers every query kind as the index it was made from', () => {
    const { index } = decodeSnapshot(encodeSnapshot('v-test', built));
    const queries = [
      { filter: {}, request: { sortBy: 'createdAt' as const, sortOrder: 'desc' as const, page: 3, limit: 20 } },
      {
        filter: { fuelTypes: new Set(['hybrid']), cities: new Set(['seoul']) },
        request: { sortBy: 'price' as const, sortOrder: 'asc' as const, page: 1, limit: 50 },
      },
      {
        filter: { words: ['sorento'], excludeDamage: new Set(['accident']) },
        request: { sortBy: 'kilometers' as const, sortOrder: 'asc' as const, page: 1, limit: 10 },
      },
      {
        filter: { yearFrom: 2019, priceTo: 3000, makeModel: [{ make: 'hyundai', model: 'grandeur' }] },
        request: { sortBy: 'year' as const, sortOrder: 'desc' as const, page: 1, limit: 10 },
      },
    ];
    for (const { filter, request } of queries) {
      const visibility = { publishedOnly: true, providers: new Set(['glovis', 'kcar', 'lotte']) };
      expect(queryIndex(index, filter, visibility, request)).toEqual(queryIndex(built, filter, visibility, request));
    }
    expect(trimsOf(index, 'Hyundai', undefined, { publishedOnly: false })).toEqual(
      trimsOf(built, 'Hyundai', undefined, { publishedOnly: false }),
    );
  });

  it('is a fraction of the JSON it replaces', () => {
    const json = gzipSync(JSON.stringify({ rows }));
    const binary = encodeSnapshot('v-test', built);
    console.info(
      `snapshot of ${rows.length} cars: ${binary.length} bytes binary (gzipped), ${json.length} bytes as gzipped JSON rows`,
    );
    expect(binary.length).toBeLessThan(json.length * 2);
  });

  it('reads a snapshot of the JSON format for its conversion; the list refuses it by name', () => {
    const fields = Object.keys(rows[0]!);
    const legacy = gzipSync(
      JSON.stringify({
        version: 'v-old',
        fields,
        rows: rows.map((row) => fields.map((f) => (row as unknown as Record<string, unknown>)[f] ?? null)),
      }),
    );

    const { version, index } = decodeAnySnapshot(legacy);

    expect(version).toBe('v-old');
    expect(allRows(index)).toEqual(rows);
    expect(() => decodeSnapshot(legacy)).toThrow(OlderSnapshotFormat);
    expect(allRows(decodeAnySnapshot(encodeSnapshot('v-now', built)).index)).toEqual(rows);
  });
});
