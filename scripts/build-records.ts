/**
 * The stored records' schemas as plain JSON Schema data (lib/schemas/generated/records.js): every
 * TypeBox schema a lib/store/records/*.schema.ts module exports, as the JSON it is (TypeBox's
 * symbols dropped) without the words the API documents its fields with. The store's codecs walk
 * these (lib/store/record-check.ts), so no function loads TypeBox or builds a schema at cold
 * start; the declarations type each one with its TypeBox source's Static type, so a codec decodes
 * exactly the type its schema module gives. Run by `npm run build:contracts`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Kind, type TSchema } from '@sinclair/typebox';

const recordsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'store', 'records');
const SUFFIX = '.schema.ts';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What documents a schema and never decides whether a value fits it. */
const WORDS = new Set(['title', 'description', 'examples', '$comment']);
/**
 * What the stored check leaves to the API's validators on the way in (lib/store/record-check.ts
 * reads none of these), so it is not carried in every function's bundle either.
 */
const UNCHECKED = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
]);
/** Where a schema holds schemas: by name, in a list, or one. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

/**
 * A schema as the stored check reads it: its JSON, without the words. Only a schema's own words
 * go (a property called `description` stays), and every other keyword is kept as it is.
 */
export function storedSchema(schema: TSchema): Json {
  return withoutWords(JSON.parse(JSON.stringify(schema)) as Json);
}

function withoutWords(schema: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (WORDS.has(key) || UNCHECKED.has(key)) continue;
    // A constant says its type: the check compares it first, so the type decides nothing more.
    if (key === 'type' && 'const' in schema) continue;
    // An object's properties say it is one: the check refuses anything else where properties are given.
    if (key === 'type' && value === 'object' && isJson(schema.properties)) continue;
    if (SCHEMA_MAPS.has(key) && isJson(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isJson(sub) ? withoutWords(sub) : sub]),
      );
    else if ((SCHEMA_LISTS.has(key) || key === 'items') && Array.isArray(value))
      out[key] = value.map((sub) => (isJson(sub) ? withoutWords(sub) : sub));
    else if (SCHEMA_VALUES.has(key) && isJson(value)) out[key] = withoutWords(value);
    else out[key] = value;
  }
  // A union of constants (a status, a role) is one list of the values it takes: the same values
  // pass, in a third of the bytes.
  const branches = out.anyOf;
  if (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((branch) => isJson(branch) && Object.keys(branch).length === 1 && 'const' in branch)
  ) {
    const { anyOf: _anyOf, ...rest } = out;
    return { ...rest, enum: branches.map((branch) => (branch as Json).const) };
  }
  return out;
}

export interface RecordSchema {
  /** The schema module, e.g. `order` for lib/store/records/order.schema.ts. */
  module: string;
  /** Its export's name, which the generated module exports too. */
  name: string;
  schema: TSchema;
}

/** Every TypeBox schema the record schema modules export (other exports, plain data, are left out). */
export async function recordSchemas(): Promise<RecordSchema[]> {
  const found: RecordSchema[] = [];
  for (const file of readdirSync(recordsDir)
    .filter((name) => name.endsWith(SUFFIX))
    .sort()) {
    const module = file.slice(0, -SUFFIX.length);
    const exports = (await import(pathToFileURL(join(recordsDir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (!isJson(value) || !(Kind in value)) continue;
      const other = found.find((schema) => schema.name === name);
      if (other)
        throw new Error(
          `${name} is exported by both ${other.module}${SUFFIX} and ${file}: the generated module needs one name each`,
        );
      found.push({ module, name, schema: value as TSchema });
    }
  }
  return found;
}

/**
 * The schemas as module text, each part two or more of them share (the order's customer, a
 * status, `{ type: "string" }`) written once as a constant they point at: the records of an
 * order repeat much of the API's order, and a bundle keeps only the constants its codecs reach.
 * Nothing mutates a schema, so sharing the objects changes nothing of what is checked.
 */
function sharedText(schemas: Array<[string, Json]>): string[] {
  const counts = new Map<string, number>();
  const count = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const text = JSON.stringify(node);
    counts.set(text, (counts.get(text) ?? 0) + 1);
    for (const value of Object.values(node)) count(value);
  };
  for (const [, schema] of schemas) count(schema);
  const names = new Map<string, string>();
  const constants: string[] = [];
  const expression = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return JSON.stringify(node);
    const text = JSON.stringify(node);
    const known = names.get(text);
    if (known) return known;
    const own = Array.isArray(node)
      ? `[${node.map(expression).join(',')}]`
      : `{${Object.entries(node as Json)
          .map(([key, value]) => {
            if (key === '__proto__')
              throw new Error('a schema has a property called __proto__, which an object literal cannot write');
            return `${JSON.stringify(key)}:${expression(value)}`;
          })
          .join(',')}}`;
    // Worth a constant when written more than once and longer than a name pointing at it.
    if ((counts.get(text) ?? 0) < 2 || own.length <= 8) return own;
    const name = `s${names.size}`;
    names.set(text, name);
    constants.push(`const ${name} = ${own};`);
    return name;
  };
  const exports = schemas.map(([name, schema]) => `export const ${name} = ${expression(schema)};`);
  return [...constants, ...exports];
}

/** The generated module (records.js) and its declarations (records.d.ts). */
export function recordsModule(schemas: RecordSchema[]): { js: string; dts: string } {
  const header = '// Generated by scripts/build-records.ts from lib/store/records/*.schema.ts: do not edit.';
  const modules = [...new Set(schemas.map((schema) => schema.module))];
  const alias = (module: string) => `_${module.replace(/-(\w)/g, (_m, letter: string) => letter.toUpperCase())}`;
  const js = [header, ...sharedText(schemas.map(({ name, schema }) => [name, storedSchema(schema)])), ''].join('\n');
  const dts = [
    header,
    "import type { Static } from '@sinclair/typebox';",
    "import type { StoredSchema } from '../../store/record.js';",
    ...modules.map((module) => `import type * as ${alias(module)} from '../../store/records/${module}.schema.js';`),
    ...schemas.map(
      ({ module, name }) => `export declare const ${name}: StoredSchema<Static<typeof ${alias(module)}.${name}>>;`,
    ),
    '',
  ].join('\n');
  return { js, dts };
}
