import { describe, expect, it } from 'vitest';
import { itemSize, type TableShape, writeUnits } from '../../scripts/bench/_write-units.js';

// The order-cost benchmark's pricing of writes by DynamoDB's documented rules.
const table: TableShape = {
  keys: ['pk', 'sk'],
  indexes: [
    { name: 'ALL', keys: ['gsi1pk', 'gsi1sk'], projection: 'ALL' },
    { name: 'KEYS', keys: ['gsi9pk', 'gsi9sk'], projection: 'KEYS_ONLY' },
    { name: 'SOME', keys: ['gsi5pk'], projection: ['status'] },
  ],
};
const pad = (bytes: number) => 'x'.repeat(bytes);

describe("write units by DynamoDB's documented rules", () => {
  it('sizes an item by its names and values: UTF-8 strings, numbers by significant digits, documents with 3 bytes each', () => {
    expect(itemSize({ pk: 'ab' })).toBe(4);
    expect(itemSize({ name: 'علي' })).toBe(4 + 6);
    // 18500: significant digits 185, 2 bytes + 1; 123456: 3 bytes + 1.
    expect(itemSize({ n: 18500 })).toBe(1 + 3);
    expect(itemSize({ n: 123456 })).toBe(1 + 4);
    expect(itemSize({ ok: true, none: null })).toBe(2 + 1 + 4 + 1);
    expect(itemSize({ m: { a: 'x' }, l: ['xy', 1] })).toBe(1 + 3 + 2 + 1 + 3 + 2 + 2);
  });

  it('charges a write the larger of the item before and after, per KB rounded up, twice in a transaction', () => {
    const small = { pk: 'a', sk: 'b', body: pad(900) };
    const large = { pk: 'a', sk: 'b', body: pad(1_100) };
    expect(writeUnits(table, undefined, small, { transaction: false }).table).toBe(1);
    expect(writeUnits(table, large, small, { transaction: false }).table).toBe(2);
    expect(writeUnits(table, small, large, { transaction: true }).table).toBe(4);
    expect(writeUnits(table, large, undefined, { transaction: false }).table).toBe(2);
    expect(writeUnits(table, small, small, { transaction: true, check: true })).toEqual({ table: 2, indexes: {} });
  });

  it('charges an index only the entries the write changes, sized by what the index projects plus 100 bytes, and never twice for a transaction', () => {
    const before = {
      pk: 'a',
      sk: 'b',
      gsi1pk: 'Q',
      gsi1sk: '1',
      gsi9pk: 'S#Deposit',
      gsi9sk: '1',
      gsi5pk: 'T',
      status: 'Deposit',
      body: pad(1_500),
    };
    // A change of an attribute only the ALL index holds: the ALL entry is rewritten (2 KB), the others cost nothing.
    expect(writeUnits(table, before, { ...before, body: pad(1_501) }, { transaction: true })).toEqual({
      table: 4,
      indexes: { ALL: 2 },
    });
    // A status move: the keys-only entry is deleted and written again; the INCLUDE entry rewritten; ALL too.
    const moved = { ...before, gsi9pk: 'S#Confirmed', status: 'Confirmed' };
    expect(writeUnits(table, before, moved, { transaction: false })).toEqual({
      table: 2,
      indexes: { ALL: 2, KEYS: 2, SOME: 1 },
    });
    // Keys removed: one delete of each entry the item leaves.
    expect(writeUnits(table, before, { pk: 'a', sk: 'b', status: 'Done' }, { transaction: false }).indexes).toEqual({
      ALL: 2,
      KEYS: 1,
      SOME: 1,
    });
    // Attributes listed in no order are the same entry.
    const reordered = Object.fromEntries(Object.entries(before).reverse());
    expect(writeUnits(table, before, reordered, { transaction: false }).indexes).toEqual({});
  });
});
