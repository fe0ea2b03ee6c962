import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../lib/domain/instant.js';
import { MAX_JSON_DEPTH, storableJsonProblems } from '../../lib/domain/storable-json.js';

const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { next: nested(levels - 1) });

describe('storableJsonProblems', () => {
  it('accepts objects nested up to the limit', () => {
    expect(storableJsonProblems(nested(MAX_JSON_DEPTH - 1), 'body.carDetails', 64 * 1024)).toEqual([]);
  });

  it('refuses deeper nesting, naming the path where it got too deep', () => {
    const problems = storableJsonProblems(nested(40), 'body.carDetails', 64 * 1024);

    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toMatch(/^body\.carDetails(\.next)+$/);
    expect(problems[0]!.message).toMatch(/nested too deeply/);
  });

  it('refuses numbers DynamoDB cannot store exactly', () => {
    for (const bad of [9007199254740994, 1e300, -1e200, 1e-200]) {
      expect(storableJsonProblems({ n: bad }, 'body.doc', 4096), String(bad)).toEqual([
        { field: 'body.doc.n', message: expect.stringMatching(/number/) },
      ]);
    }
  });

  it('finds no problem in any small, shallow JSON value of ordinary numbers', () => {
    const shallow = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), tie('value'), { maxKeys: 3 }),
      ),
    })).value;

    fc.assert(fc.property(shallow, (value) => storableJsonProblems(value, 'body.x', 1 << 20).length === 0));
  });
});

describe('parseInstant', () => {
  it('gives the UTC instant of a real date-time', () => {
    expect(parseInstant('2026-01-31T04:00:00+04:00')).toBe('2026-01-31T00:00:00.000Z');
  });

  it.each([
    '9999-12-31T23:59:60Z',
    '2025-02-30T10:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    'yesterday',
    '2026-01-01',
  ])('refuses %s', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseInstant('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(parseInstant('2025-02-29T00:00:00Z')).toBeUndefined();
  });
});
