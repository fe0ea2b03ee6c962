/**
 * Compiles every contract's schemas into a standalone validator module at build time
 * (lib/schemas/generated/<id>.js), so a Lambda cold start never compiles a schema and never
 * bundles Ajv's compiler. Bodies are validated strictly; query strings and path parameters are
 * coerced from text to the declared types first.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync as writeFile } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { TSchema } from '@sinclair/typebox';
import { _, Ajv, type Options } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { formatExports, formats } from '../lib/schemas/formats.js';
import { allRoutes } from '../lib/schemas/index.js';
import { forValidation, toJsonSchema } from '../lib/schemas/json-schema.js';
import { fieldHints } from '../lib/schemas/field-errors.js';
import { routeKeyOf } from '../lib/schemas/route.js';
import { RENDERER_SCRIPT } from '../lib/schemas/docs.js';
import { buildOpenApi, rolesOf, SERVER_URL_PLACEHOLDER } from '../lib/openapi/document.js';
import { renderDocsPage } from '../lib/openapi/page.js';
import packageJson from '../package.json' with { type: 'json' };
import { buildClientTypes } from './build-client.js';
import { recordSchemas, recordsModule } from './build-records.js';

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;
const standaloneCode: StandaloneCode = (standaloneModule as unknown as { default?: StandaloneCode }).default ?? (standaloneModule as unknown as StandaloneCode);

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'schemas', 'generated');

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const NESTING = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$defs',
  'default',
];

/**
 * The same field rule written once: every leaf schema (no nesting, no default) that two or more
 * fields share moves to `$defs` and the fields point at it, and Ajv (inlineRefs: false) checks
 * them with one shared function instead of a copy of the checks per field. The car list's query
 * has 30 fields, most of them "a string of 1 to 100 characters". Errors name the same field,
 * keyword and limits either way.
 */
function shareRepeatedLeaves(schema: Json): Json {
  const isLeaf = (node: unknown): node is Json => isJson(node) && !NESTING.some((key) => key in node);
  const counts = new Map<string, number>();
  const visit = (node: unknown, count: (field: Json) => unknown): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, count));
    if (!isJson(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isJson(value))
        out[key] = Object.fromEntries(Object.entries(value).map(([field, sub]) => [field, isLeaf(sub) ? count(sub) : visit(sub, count)]));
      else if (key === 'items' && isLeaf(value)) out[key] = count(value);
      else out[key] = visit(value, count);
    }
    return out;
  };
  visit(schema, (leaf) => counts.set(JSON.stringify(leaf), (counts.get(JSON.stringify(leaf)) ?? 0) + 1));
  const shared = [...counts].filter(([, n]) => n > 1).map(([text]) => text);
  if (shared.length === 0) return schema;
  const names = new Map(shared.map((text, i) => [text, `f${i}`]));
  const rewritten = visit(schema, (leaf) => {
    const name = names.get(JSON.stringify(leaf));
    return name ? { $ref: `#/$defs/${name}` } : leaf;
  }) as Json;
  const own = isJson(rewritten.$defs) ? rewritten.$defs : {};
  const clash = shared.map((text) => names.get(text)!).find((name) => name in own);
  if (clash) throw new Error(`a schema already defines $defs/${clash}; rename it`);
  return { ...rewritten, $defs: { ...own, ...Object.fromEntries(shared.map((text) => [names.get(text)!, JSON.parse(text) as unknown])) } };
}

function compile(schema: TSchema, coerce: boolean): string {
  const options: Options = {
    allErrors: true,
    inlineRefs: false,
    coerceTypes: coerce,
    useDefaults: true,
    strict: false,
    messages: false,
    // The generated code calls the same format functions the build compiled against.
    code: { source: true, esm: true, optimize: true, formats: _`require("../formats.js").formats` },
    formats,
  };
  const ajv = new Ajv(options);
  const validate = ajv.compile(shareRepeatedLeaves(forValidation(schema)));
  return standaloneCode(ajv, validate);
}

/** The JSON text that starts at `start` (an object or array), as far as its closing bracket. */
function jsonAt(source: string, start: number): string {
  let depth = 0;
  let inString = false;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if ((c === '}' || c === ']') && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error('unterminated JSON in standalone code');
}

/**
 * Ajv's standalone code embeds a whole schema as a constant where it reads a few parts of it: an
 * enum's values for an error's params, and the property names its additionalProperties check
 * looks up (`hasOwnProperty.call(schemaN.properties, key)`). Each constant keeps only what the
 * code reads; property names are kept with an empty value. A use this does not recognise keeps
 * the constant whole.
 */
function pruneSchemaConstants(source: string): string {
  let out = source;
  for (const match of source.matchAll(/const (schema\d+) = (?=[{[])/g)) {
    const constant = match[1]!;
    const text = jsonAt(source, match.index! + match[0].length);
    const schema = JSON.parse(text) as unknown;
    const rest = source.slice(0, match.index) + source.slice(match.index! + match[0].length + text.length);
    const uses = [...rest.matchAll(new RegExp(`\\b${constant}\\b((?:\\.[A-Za-z_$][\\w$]*)*)`, 'g'))];
    const keysOnly = new RegExp(`\\.call\\(${constant}((?:\\.[A-Za-z_$][\\w$]*)*), `, 'g');
    const lookups = new Set([...rest.matchAll(keysOnly)].map((m) => m[1]!));
    const pruned: Record<string, unknown> = {};
    let whole = false;
    for (const use of uses) {
      const path = use[1]!.split('.').filter(Boolean);
      if (path.length === 0) whole = true;
      let from: unknown = schema;
      let to: Record<string, unknown> = pruned;
      for (const [i, segment] of path.entries()) {
        from = typeof from === 'object' && from !== null ? (from as Record<string, unknown>)[segment] : undefined;
        if (from === undefined) whole = true;
        if (i === path.length - 1) {
          // Only its names are looked up; a deeper use (an enum under it) fills its entry in.
          const value =
            lookups.has(use[1]!) && typeof from === 'object' && from !== null ? Object.fromEntries(Object.keys(from).map((key) => [key, {}])) : from;
          to[segment] =
            typeof to[segment] === 'object' && typeof value === 'object' && value !== null ? { ...(value as object), ...(to[segment] as object) } : value;
        } else {
          to[segment] = typeof to[segment] === 'object' && to[segment] !== null ? to[segment] : {};
          to = to[segment] as Record<string, unknown>;
        }
      }
    }
    if (!whole) out = out.replace(`const ${constant} = ${text}`, `const ${constant} = ${JSON.stringify(pruned)}`);
  }
  return out;
}

/**
 * Ajv writes out in full, at every place a finding can be made, the finding (an object literal)
 * and how it joins the list (`if(vErrors === null){vErrors = [e];}else {vErrors.push(e);}`), the
 * same for the findings of a referenced check, and the options of each call of one (the field's
 * path, its parent, its name). They become calls of shared helpers (ERROR_HELPERS) that build and
 * do the same: a fifth of a validator's code.
 */
const ERROR_HELPERS = [
  'const pushError = (list, error) => { if (list === null) return [error]; list.push(error); return list; };',
  'const pushFinding = (list, instancePath, keyword, params) => pushError(list, { instancePath, keyword, params });',
  'const concatErrors = (list, more) => (list === null ? more : list.concat(more));',
  'const fieldOf = (path, parentData, property, rootData) => ({ instancePath: path + "/" + property, parentData, parentDataProperty: property, rootData });',
  // Ajv's coercion of a query or path parameter to its type, as Ajv writes it (COERCIONS); undefined when it takes none.
  'const coerceTo = (type, data) => { const t = typeof data; if (type === "string") return t == "number" || t == "boolean" ? "" + data : data === null ? "" : undefined; return t == "boolean" || data === null || (t == "string" && data && data == +data && (type === "number" || !(data % 1))) ? +data : undefined; };',
];

/**
 * The branches Ajv writes to coerce a value to one type (ajv/lib/compile/validate/dataType.ts),
 * with its variable names (`t` its typeof, `d` the value, `c` the result): coerceTo does the same.
 */
const COERCIONS: Record<string, (t: string, d: string, c: string) => string> = {
  string: (t, d, c) => `if(${t} == "number" || ${t} == "boolean"){${c} = "" + ${d};}else if(${d} === null){${c} = "";}`,
  number: (t, d, c) => `if(${t} == "boolean" || ${d} === null\n              || (${t} == "string" && ${d} && ${d} == +${d})){${c} = +${d};}`,
  integer: (t, d, c) => `if(${t} === "boolean" || ${d} === null\n              || (${t} === "string" && ${d} && ${d} == +${d} && !(${d} % 1))){${c} = +${d};}`,
};

/**
 * Each parameter's coercion, written out by Ajv (a dozen lines at every query or path field), as
 * one call of coerceTo. A coercion to any other type, or to more than one, is left as Ajv wrote it.
 */
function compactCoercions(source: string): string {
  return source.replace(
    /let (dataType\d+) = typeof ([\w$]+);let (coerced\d+) = undefined;if\(!\(\3 !== undefined\)\)\{([\s\S]*?)else \{(vErrors = pushFinding\([^;]*\);errors\+\+;)\}\}if\(\3 !== undefined\)\{\2 = \3;if\(([\w$]+) !== undefined\)\{\6\[([^\]]+)\] = \3;\}\}/g,
    (whole, type: string, data: string, coerced: string, branches: string, error: string, parent: string, key: string) => {
      const to = Object.keys(COERCIONS).find((name) => COERCIONS[name]!(type, data, coerced) === branches);
      if (!to) return whole;
      return `let ${coerced} = coerceTo("${to}", ${data});if(${coerced} === undefined){${error}}else {${data} = ${coerced};if(${parent} !== undefined){${parent}[${key}] = ${coerced};}}`;
    },
  );
}
function compactErrorPushes(source: string): string {
  return source
    .replace(
      /const (err\d+) = (\{(?:(?!\};if\(vErrors).)*?\});if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}/g,
      (_m, _name: string, error: string) => `vErrors = pushError(vErrors, ${error});`,
    )
    .replace(
      /pushError\(vErrors, \{instancePath(?::([^,{}]+))?,keyword:"(\w+)",params:(\{[^{}]*\})\}\)/g,
      (_m, path: string | undefined, keyword: string, params: string) => `pushFinding(vErrors, ${path ?? 'instancePath'}, "${keyword}", ${params})`,
    )
    .replace(/vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g, (_m, more: string) => `vErrors = concatErrors(vErrors, ${more});`)
    .replace(
      /\{instancePath:instancePath\+"\/([\w$]+)",parentData:([\w$]+),parentDataProperty:"\1",rootData\}/g,
      (_m, property: string, parent: string) => `fieldOf(instancePath, ${parent}, "${property}", rootData)`,
    );
}

/**
 * An optional property checked by a shared check (a schema used more than once, shareRepeatedLeaves)
 * is one block each; a run of such blocks becomes one loop over the properties and their checks,
 * in the same order, so the findings come out as before.
 */
function compactSharedChecks(source: string): string {
  const one = (data: string, path: string) =>
    `if\\(${data}\\.([\\w$]+) !== undefined\\)\\{if\\(!\\((validate\\d+)\\(${data}\\.\\1, fieldOf\\(${path}, ${data}, "\\1", rootData\\)\\)\\)\\)\\{vErrors = concatErrors\\(vErrors, \\2\\.errors\\);errors = vErrors\\.length;\\}\\}`;
  const block =
    /if\((data\d*)\.[\w$]+ !== undefined\)\{if\(!\(validate\d+\(\1\.[\w$]+, fieldOf\(([\w$]+), \1, "[\w$]+", rootData\)\)\)\)\{vErrors = concatErrors\(vErrors, validate\d+\.errors\);errors = vErrors\.length;\}\}/g;
  let out = '';
  let at = 0;
  for (let found = block.exec(source); found; found = block.exec(source)) {
    const [, data, path] = found as unknown as [string, string, string];
    const each = new RegExp(`^${one(data, path)}`);
    const checks: Array<[string, string]> = [];
    let end = found.index;
    for (let next = each.exec(source.slice(end)); next; next = each.exec(source.slice(end))) {
      checks.push([next[1]!, next[2]!]);
      end += next[0].length;
    }
    if (checks.length < 2) continue;
    out += `${source.slice(at, found.index)}for(const [property, check] of [${checks.map(([name, check]) => `["${name}", ${check}]`).join(', ')}]){if(${data}[property] !== undefined && !check(${data}[property], fieldOf(${path}, ${data}, property, rootData))){vErrors = concatErrors(vErrors, check.errors);errors = vErrors.length;}}`;
    at = end;
    block.lastIndex = end;
  }
  return out + source.slice(at);
}

/**
 * Where in the schema a finding came from: nothing reads it (messages come from the keyword, its
 * params and the field hints), and it was a tenth of a large route's validator.
 */
const withoutSchemaPaths = (source: string) => source.replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, '');

/**
 * Wraps one standalone module as a named constant; Ajv's runtime helpers, which it emits as
 * require() even in ESM mode, become imports so the bundler can tree-shake them.
 */
function embed(name: string, source: string): { imports: string[]; body: string } {
  const imports: string[] = [];
  source = pruneSchemaConstants(source);
  const entry = /export default (\w+);/.exec(source)?.[1];
  if (!entry) throw new Error(`standalone code for ${name} has no default export`);
  const body = compactSharedChecks(compactCoercions(compactErrorPushes(withoutSchemaPaths(source))))
    .replace(/^"use strict";/, '')
    .replace(/const (\w+) = require\("([^"]+)"\)(\.default)?;/g, (_m, local: string, from: string, dflt?: string) => {
      const alias = `${name}_${local}`;
      imports.push(`import ${alias} from "${from}.js";`);
      return dflt ? `const ${local} = ${alias}.default ?? ${alias};` : `const ${local} = ${alias};`;
    })
    // The format checks: each one by its own export, so a bundle keeps only the checks it calls.
    .replace(/require\("\.\.\/formats\.js"\)\.formats(?:\.([\w]+)|\["([\w-]+)"\])/g, (_m, plain?: string, quoted?: string) => {
      const format = (plain ?? quoted) as keyof typeof formatExports;
      const check = formatExports[format];
      if (!check) throw new Error(`${name}: no export checks the format "${format}" (lib/schemas/formats.ts formatExports)`);
      const alias = `${name}_${check}`;
      if (!imports.some((line) => line.includes(` as ${alias} `))) imports.push(`import { ${check} as ${alias} } from "../formats.js";`);
      return alias;
    })
    // Other inline requires: a namespace import each.
    .replace(/require\("([^"]+)"\)/g, (_m, from: string) => {
      const alias = `${name}_import${imports.length}`;
      imports.push(`import * as ${alias} from "${from}";`);
      return alias;
    })
    .replace(/export const \w+ = \w+;/g, '')
    .replace(/export default \w+;/, '');
  return { imports, body: `const ${name}_module = (() => {\n${body}\nreturn ${entry};\n})();` };
}

mkdirSync(outDir, { recursive: true });
/**
 * Files are rewritten only when their content changes, and files no contract produces any more
 * are removed at the end: a build that changes nothing touches nothing, so a running stack's
 * file watchers and bundles are left alone.
 */
const written = new Set<string>();
function writeFileSync(path: string, content: string): void {
  written.add(path);
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  writeFile(path, content);
}

/**
 * What each field of a request part takes; the part's own field names are left to its names
 * (bodyNames, queryNames, paramNames), which the messages fall back on (lib/schemas/field-errors.ts).
 * A query's or a path's own hint goes: the pipeline always hands their validators an object, so
 * no message is ever about the part as a whole.
 */
function partHints(schema: TSchema, part: 'body' | 'query' | 'params') {
  const hints = fieldHints(toJsonSchema(schema));
  const names = topLevelNames(schema);
  const root = hints[''];
  if (part !== 'body') delete hints[''];
  else if (root?.fields && names && JSON.stringify(root.fields) === JSON.stringify(names)) {
    const { fields: _fields, ...rest } = root;
    hints[''] = rest;
  }
  return hints;
}

/** The keys of a part's hints that name its top-level fields (not the part itself, a nested path or `*`). */
const parameterKeys = (hints: Record<string, unknown>) => Object.keys(hints).filter((key) => key !== '' && !/[.[*]/.test(key));
/**
 * The same, in the generated file: a part's names are the keys of its hints, so the file carries
 * them once (when they are the schema's names; listed otherwise).
 */
const PARAMETER_NAMES = 'const parameterNames = (hints) => Object.keys(hints).filter((key) => key !== "" && !/[.[*]/.test(key));';

/** The property names of an object schema (none for other shapes). */
const topLevelNames = (schema: TSchema | undefined): string[] | undefined =>
  schema && typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties as object) : undefined;

for (const route of allRoutes) {
  const parts: Array<[string, TSchema | undefined, boolean]> = [
    ['validateBody', route.body, false],
    ['validateQuery', route.query, true],
    ['validateParams', route.params, true],
  ];
  const imports: string[] = [];
  const bodies: string[] = [];
  const fields: string[] = [];
  for (const [name, schema, coerce] of parts) {
    if (!schema) continue;
    const embedded = embed(name, compile(schema, coerce));
    imports.push(...embedded.imports);
    bodies.push(embedded.body);
    fields.push(`${name}: ${name}_module`);
  }
  // Flags only when set: a route reads a missing one as false.
  const flags = {
    list: route.list,
    raw: route.raw,
    idempotent: route.idempotent,
    public: route.public,
    hasBody: route.body !== undefined,
    bodyOptional: route.bodyOptional,
  };
  const meta = {
    id: route.id,
    route: routeKeyOf(route),
    status: route.status,
    roles: route.roles,
    ...Object.fromEntries(Object.entries(flags).filter(([, set]) => set === true)),
    ...(route.versioned ? { versioned: route.versioned } : {}),
    // What each field takes, from the annotated schema, for validation messages.
    ...(route.body ? { bodyHints: partHints(route.body, 'body') } : {}),
    ...(route.query ? { queryHints: partHints(route.query, 'query') } : {}),
    ...(route.params ? { paramsHints: partHints(route.params, 'params') } : {}),
  };
  // Each part's top-level names, made from its hints' keys.
  for (const [part, names, hints] of [
    ['queryNames', topLevelNames(route.query), 'queryHints'],
    ['bodyNames', topLevelNames(route.body), 'bodyHints'],
    ['paramNames', topLevelNames(route.params), 'paramsHints'],
  ] as const) {
    if (!names) continue;
    // Names with a dot (WhatsApp's hub.mode) read as nested paths among the keys: those are listed.
    if (!meta[hints] || JSON.stringify(parameterKeys(meta[hints])) !== JSON.stringify(names)) fields.push(`${part}: ${JSON.stringify(names)}`);
    else fields.push(`${part}: parameterNames(meta.${hints})`);
  }
  const source = [
    '// Generated by scripts/build-contracts.ts from lib/schemas: do not edit.',
    '// @ts-nocheck',
    ...[...new Set(imports)],
    ...(bodies.length > 0 ? ERROR_HELPERS : []),
    ...bodies,
    ...(route.query || route.params || route.body ? [PARAMETER_NAMES] : []),
    `const meta = ${JSON.stringify(meta)};`,
    `/** @type {import('../route.js').CompiledRoute} */`,
    `const compiled = { ...meta, ${fields.join(', ')} };`,
    'export default compiled;',
    '',
  ].join('\n');
  writeFileSync(join(outDir, `${route.id}.js`), source);
  writeFileSync(
    join(outDir, `${route.id}.d.ts`),
    "import type { CompiledRoute } from '../route.js';\ndeclare const compiled: CompiledRoute;\nexport default compiled;\n",
  );
}
// The stored records' schemas as plain JSON, which the store's codecs check items against: the
// functions load neither TypeBox nor the code that builds the schemas (scripts/build-records.ts).
const records = recordsModule(await recordSchemas());
writeFileSync(join(outDir, 'records.js'), records.js);
writeFileSync(join(outDir, 'records.d.ts'), records.dts);
// Who may call what, without the schemas: API-key issuance reads it at run time, and a table of
// strings keeps the schema library out of those functions' cold start.
const routeTable = allRoutes.map((r) => ({ method: r.method, path: r.path, ...(r.roles ? { roles: r.roles } : {}), ...(r.public ? { public: true } : {}) }));
writeFileSync(
  join(outDir, 'route-table.js'),
  `// Generated by scripts/build-contracts.ts from lib/schemas: do not edit.\nexport const routeTable = ${JSON.stringify(routeTable)};\n`,
);
writeFileSync(
  join(outDir, 'route-table.d.ts'),
  'export declare const routeTable: ReadonlyArray<{ method: string; path: string; roles?: readonly string[]; public?: boolean }>;\n',
);
// The index GET /api/v1 answers: every route with who may call it, made once here.
const apiIndex = {
  success: true,
  data: {
    name: 'Vehicle Purchase Order Service',
    version: packageJson.version,
    reference: `${SERVER_URL_PLACEHOLDER}/api/v1/docs`,
    openapi: `${SERVER_URL_PLACEHOLDER}/api/v1/openapi.json`,
    authentication: 'X-API-Key header on every route whose access is not "public"',
    routes: allRoutes.map((r) => ({ method: r.method, path: r.path, summary: r.summary, access: r.public ? 'public' : rolesOf(r).join(', ') })),
  },
};
writeFileSync(
  join(outDir, 'api-index.js'),
  `// Generated by scripts/build-contracts.ts from lib/schemas: do not edit.\nexport const apiIndexJson = ${JSON.stringify(JSON.stringify(apiIndex))};\nexport const serverUrlPlaceholder = ${JSON.stringify(SERVER_URL_PLACEHOLDER)};\n`,
);
writeFileSync(join(outDir, 'api-index.d.ts'), 'export declare const apiIndexJson: string;\nexport declare const serverUrlPlaceholder: string;\n');
// The documentation is generated here too, so its functions serve a constant string.
const document = buildOpenApi(allRoutes, packageJson.version);
writeFileSync(
  join(outDir, 'docs.js'),
  [
    '// Generated by scripts/build-contracts.ts: do not edit.',
    "import { gunzipSync } from 'node:zlib';",
    // The document travels gzipped (about a tenth of its size) and is unpacked on the first
    // request, so the function's package stays small and its cold start parses no 400 KB string.
    `const openApiGzip = ${JSON.stringify(gzipSync(JSON.stringify(document), { level: 9 }).toString('base64'))};`,
    'let openApi;',
    "export const openApiJson = () => (openApi ??= gunzipSync(Buffer.from(openApiGzip, 'base64')).toString('utf8'));",
    `export const serverUrlPlaceholder = ${JSON.stringify(SERVER_URL_PLACEHOLDER)};`,
    `export const docsHtml = ${JSON.stringify(renderDocsPage('Vehicle Purchase Order Service'))};`,
    '',
  ].join('\n'),
);
writeFileSync(
  join(outDir, 'docs.d.ts'),
  'export declare const openApiJson: () => string;\nexport declare const serverUrlPlaceholder: string;\nexport declare const docsHtml: string;\n',
);
// The reference's renderer, served by its own function from a file in its package (the page loads
// nothing from the internet). A 4.3 MB script is content, not code: as a file read on the first
// request it costs the function's bundle and cold start nothing (see getDocsRenderer's packageFiles).
// The package exports only its entry point; its folder is found from there (dist/index.js).
const rendererDir = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
const rendererVersion = (JSON.parse(readFileSync(join(rendererDir, 'package.json'), 'utf8')) as { version: string }).version;
writeFileSync(join(outDir, '..', '..', '..', RENDERER_SCRIPT), readFileSync(join(rendererDir, 'dist', 'browser', 'standalone.js'), 'utf8'));
writeFileSync(
  join(outDir, 'docs-renderer.js'),
  `// Generated by scripts/build-contracts.ts from @scalar/api-reference ${rendererVersion}: do not edit.\nexport const rendererVersion = ${JSON.stringify(rendererVersion)};\n`,
);
writeFileSync(join(outDir, 'docs-renderer.d.ts'), 'export declare const rendererVersion: string;\n');

// The typed client's copy of the document (servers: the local stack) and its types.
const clientDocument = { ...document, servers: [{ url: 'http://localhost:3000', description: 'local stack (npm start)' }] };
writeFileSync(join(outDir, '..', '..', '..', 'client', 'openapi.json'), `${JSON.stringify(clientDocument, null, 2)}\n`);
await buildClientTypes();
for (const name of readdirSync(outDir)) {
  const path = join(outDir, name);
  if (!written.has(path) && name !== '.inputs-hash') rmSync(path, { force: true });
}
console.log(`compiled ${allRoutes.length} contracts into ${outDir}, and the client's types`);
