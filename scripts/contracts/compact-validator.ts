/**
 * Ajv's standalone code made smaller without changing what it does: repeated findings, coercions
 * and shared checks become calls of helpers written once per module, and the schema paths no one
 * reads go.
 */

/**
 * Ajv writes out in full, at every place a finding can be made, the finding (an object literal)
 * and how it joins the list (`if(vErrors === null){vErrors = [e];}else {vErrors.push(e);}`), the
 * same for the findings of a referenced check, and the options of each call of one (the field's
 * path, its parent, its name). They become calls of shared helpers (ERROR_HELPERS) that build and
 * do the same: a fifth of a validator's code.
 */
export const ERROR_HELPERS = [
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
  number: (t, d, c) =>
    `if(${t} == "boolean" || ${d} === null\n              || (${t} == "string" && ${d} && ${d} == +${d})){${c} = +${d};}`,
  integer: (t, d, c) =>
    `if(${t} === "boolean" || ${d} === null\n              || (${t} === "string" && ${d} && ${d} == +${d} && !(${d} % 1))){${c} = +${d};}`,
};

/**
 * Each parameter's coercion, written out by Ajv (a dozen lines at every query or path field), as
 * one call of coerceTo. A coercion to any other type, or to more than one, is left as Ajv wrote it.
 */
function compactCoercions(source: string): string {
  return source.replace(
    /let (dataType\d+) = typeof ([\w$]+);let (coerced\d+) = undefined;if\(!\(\3 !== undefined\)\)\{([\s\S]*?)else \{(vErrors = pushFinding\([^;]*\);errors\+\+;)\}\}if\(\3 !== undefined\)\{\2 = \3;if\(([\w$]+) !== undefined\)\{\6\[([^\]]+)\] = \3;\}\}/g,
    (
      whole,
      type: string,
      data: string,
      coerced: string,
      branches: string,
      error: string,
      parent: string,
      key: string,
    ) => {
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
      (_m, path: string | undefined, keyword: string, params: string) =>
        `pushFinding(vErrors, ${path ?? 'instancePath'}, "${keyword}", ${params})`,
    )
    .replace(
      /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g,
      (_m, more: string) => `vErrors = concatErrors(vErrors, ${more});`,
    )
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

/** Every compaction, in the order they build on each other. */
export const compactValidator = (source: string) =>
  compactSharedChecks(compactCoercions(compactErrorPushes(withoutSchemaPaths(source))));
