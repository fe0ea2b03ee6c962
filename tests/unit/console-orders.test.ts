import { describe, expect, it } from 'vitest';
import { clean, pick } from '../../console/src/api/clean.js';
import { changedFields } from '../../console/src/orders/changes.js';
import { parseOrderNumber } from '../../console/src/orders/find-by-number.js';
import { mergeTimeline } from '../../console/src/orders/timeline.js';

describe('console: opening an order by number', () => {
  it('reads what a person types', () => {
    expect(parseOrderNumber(' #1042 ')).toBe(1042);
    expect(parseOrderNumber('1042')).toBe(1042);
    expect(parseOrderNumber('ten')).toBeUndefined();
  });
});

describe('console: what changed in a version conflict', () => {
  it('lists the fields that differ, with both values, and new history first', () => {
    const before = { status: 'DepositSubmitted', version: 2, notes: null, statusHistory: [1], updatedAt: 'a' };
    const after = { status: 'DepositConfirmed', version: 3, notes: 'paid', statusHistory: [1, 2], updatedAt: 'b' };
    expect(changedFields(before, after)).toEqual([
      { field: 'statusHistory', before: '1', after: '2' },
      { field: 'notes', before: '—', after: 'paid' },
      { field: 'status', before: 'DepositSubmitted', after: 'DepositConfirmed' },
    ]);
    expect(changedFields(before, before)).toEqual([]);
  });
});

describe('console: form values as request bodies', () => {
  it('leaves out empty inputs, deeply', () => {
    expect(clean({ a: '', b: null, c: undefined, d: 0, e: false, f: 'x', g: { h: '', i: 1 }, j: [{ k: '' }] })).toEqual({
      d: 0,
      e: false,
      f: 'x',
      g: { i: 1 },
      j: [{}],
    });
    expect(pick({ a: 1, b: 2, c: 3 }, ['a', 'c', 'z'])).toEqual({ a: 1, c: 3 });
  });
  it('merges the timeline newest first', () => {
    const rows = mergeTimeline(
      [{ at: '2026-01-01', kind: 'status' as const, key: 's1' }],
      [{ at: '2026-01-03', kind: 'message' as const, key: 'm1' }],
      [{ at: '2026-01-02', kind: 'audit' as const, key: 'a1' }],
    );
    expect(rows.map((row) => row.key)).toEqual(['m1', 'a1', 's1']);
  });
});
