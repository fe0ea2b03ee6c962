import { describe, expect, it } from 'vitest';
import { clean, pick } from '../../console/src/api/clean.js';
import { changedFields } from '../../console/src/orders/changes.js';
import { documentLanguage } from '../../console/src/orders/documents/document-language.js';
import { parseOrderNumber } from '../../console/src/orders/find-by-number.js';
import { mergeTimeline } from '../../console/src/orders/timeline/timeline.js';

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
    expect(clean({ a: '', b: null, c: undefined, d: 0, e: false, f: 'x', g: { h: '', i: 1 }, j: [{ k: '' }] })).toEqual(
      {
        d: 0,
        e: false,
        f: 'x',
        g: { i: 1 },
        j: [{}],
      },
    );
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

describe("console: a generated document's language", () => {
  it("writes a customs invoice in its stored language, else the customer's, and the console's only when the API said neither", () => {
    // The stored invoice's language wins over the customer's and the console's.
    expect(
      documentLanguage('customs-invoice', { invoice: 'ar', customer: { language: 'en' }, tenant: 'en', console: 'en' }),
    ).toBe('ar');
    expect(
      documentLanguage('customs-invoice', { invoice: 'en', customer: { language: 'ar' }, tenant: 'ar', console: 'ar' }),
    ).toBe('en');
    // None stored: the customer's own, else (the customer has none) the tenant's default, as the API defines it.
    expect(
      documentLanguage('customs-invoice', {
        invoice: undefined,
        customer: { language: 'ar' },
        tenant: 'en',
        console: 'en',
      }),
    ).toBe('ar');
    expect(documentLanguage('customs-invoice', { invoice: null, customer: {}, tenant: 'ar', console: 'en' })).toBe(
      'ar',
    );
    // The customer not read (the key may not): the console's language.
    expect(
      documentLanguage('customs-invoice', { invoice: undefined, customer: undefined, tenant: 'ar', console: 'en' }),
    ).toBe('en');
    // The other documents follow the customer; a stored invoice's language is the invoice's only.
    expect(
      documentLanguage('proforma-invoice', {
        invoice: 'ar',
        customer: { language: 'en' },
        tenant: 'ar',
        console: 'ar',
      }),
    ).toBe('en');
    expect(documentLanguage('contract', { invoice: 'ar', customer: undefined, console: 'en' })).toBe('en');
    // Something the API would not give is ignored.
    expect(
      documentLanguage('customs-invoice', { invoice: 'fr', customer: { language: 'xx' }, tenant: null, console: 'ar' }),
    ).toBe('ar');
  });
});
