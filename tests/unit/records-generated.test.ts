/**
 * The stored records' schemas are written once, in TypeBox (lib/store/records/*.schema.ts), and
 * checked at run time as the plain JSON the build makes of them (lib/schemas/generated/records.js,
 * scripts/build-records.ts): the two must be one schema, and the functions must load no TypeBox.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as Type from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import * as generated from '../../lib/schemas/generated/records.js';
import { firstFailure } from '../../lib/store/record-check.js';
import { LedgerEntryRecord } from '../../lib/store/records/wallet-entry.schema.js';
import { recordSchemas, storedSchema } from '../../scripts/build-records.js';

const schemas = await recordSchemas();

describe('the generated record schemas', () => {
  it('are every schema the record schema modules export, each as its TypeBox source is now (npm run build:contracts writes them)', () => {
    expect(Object.keys(generated).sort()).toEqual(schemas.map(({ name }) => name).sort());
    for (const { name, schema } of schemas)
      expect((generated as Record<string, unknown>)[name], name).toEqual(storedSchema(schema));
  });

  it("are their source as JSON, less only the words that document it and what the stored check leaves to the API (formats, patterns, lengths, a constant's type, an object's type where its properties say it), a union of constants as their list", () => {
    const word =
      /(?<!\/properties|\/patternProperties)\/(title|description|examples|\$comment|format|pattern|minLength|maxLength|minItems|maxItems|uniqueItems|default)(\/|$)/;
    const constantType = (source: Record<string, unknown>, path: string) =>
      path.endsWith('/type') && `${path.slice(0, -'/type'.length)}/const` in source;
    // An object's type, where its properties say it.
    const objectType = (source: Record<string, unknown>, path: string) =>
      path.endsWith('/type') &&
      source[path] === 'object' &&
      Object.keys(source).some((p) => p.startsWith(`${path.slice(0, -'/type'.length)}/properties/`));
    for (const { name, schema } of schemas) {
      const source = leaves(constantsAsList(JSON.parse(JSON.stringify(schema))));
      const stored = leaves(storedSchema(schema));
      for (const [path, value] of Object.entries(stored)) expect(source[path], `${name} ${path}`).toEqual(value);
      expect(
        Object.keys(source).filter(
          (path) => !(path in stored) && !word.test(path) && !constantType(source, path) && !objectType(source, path),
        ),
        name,
      ).toEqual([]);
    }
  });

  it("keep a field that is called like a word (a ledger entry's description)", () => {
    const stored = storedSchema(LedgerEntryRecord) as { properties: Record<string, unknown>; required: string[] };
    expect(stored.properties.description).toEqual({ type: 'string' });
    expect(stored.required).toContain('description');
  });

  it('check a value as its TypeBox source would have it checked', () => {
    const source = Type.Object({
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')], { description: 'which one' }),
      count: Type.Integer({ minimum: 1, title: 'count', examples: [2] }),
      tags: Type.Optional(Type.Array(Type.String({ maxLength: 3, pattern: '^t' }), { maxItems: 1 })),
      state: Type.Optional(Type.Literal('open')),
    });
    const stored = storedSchema(source);
    expect(JSON.stringify(stored)).not.toMatch(/maxLength|pattern|maxItems/);
    for (const value of [
      { kind: 'a', count: 2 },
      { kind: 'c', count: 2 },
      { kind: 'b', count: 0 },
      { kind: 'b', count: 1, tags: [1] },
      { count: 1 },
      { kind: 'a', count: 1, tags: ['longer', 'x'] },
      { kind: 'a', count: 1, state: 'shut' },
      { kind: 'a', count: 1, state: 7 },
      // Not an object at all, where the stored schema no longer writes its type.
      'a',
      ['a'],
      null,
    ]) {
      // The same values pass, and a refusal points at the same place (a list of constants words it its own way).
      expect(firstFailure(stored, value)?.path, JSON.stringify(value)).toEqual(firstFailure(source, value)?.path);
    }
  });
});

describe('the run-time record modules', () => {
  it('load no TypeBox and no schema module (only their types), so no function bundles them', () => {
    const dir = join(import.meta.dirname, '..', '..', 'lib', 'store');
    const runtime = [
      ...readdirSync(dir).filter((name) => name.endsWith('.ts')),
      ...readdirSync(join(dir, 'records'))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.schema.ts') && name !== 'as-stored.ts')
        .map((name) => `records/${name}`),
    ];
    const loads = runtime.flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/^(?:import|export)(?! type)[^;]*?from '([^']+)'/gms)]
        .map((match) => match[1]!)
        .filter(
          (from) =>
            from.startsWith('@sinclair/typebox') || from.endsWith('.schema.js') || from.endsWith('as-stored.js'),
        )
        .map((from) => `${file} -> ${from}`),
    );
    expect(loads).toEqual([]);
  });
});

/** Every leaf of a JSON value by its path. */
/** The source with each union of constants written as the list of its values (`{anyOf: [{const: a}, {const: b}]}` as `{enum: [a, b]}`). */
function constantsAsList(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(constantsAsList);
  if (typeof value !== 'object' || value === null) return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, constantsAsList(item)])) as Record<
    string,
    unknown
  >;
  const branches = object.anyOf;
  if (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b) => typeof b === 'object' && b !== null && 'const' in b)
  ) {
    const { anyOf: _anyOf, ...rest } = object;
    return { ...rest, enum: branches.map((b) => (b as { const: unknown }).const) };
  }
  return object;
}

function leaves(value: unknown, path = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && Object.keys(value).length > 0)
    for (const [key, item] of Object.entries(value)) leaves(item, `${path}/${key}`, out);
  else out[path] = value;
  return out;
}
