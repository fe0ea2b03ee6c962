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
export function pruneSchemaConstants(source: string): string {
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
            lookups.has(use[1]!) && typeof from === 'object' && from !== null
              ? Object.fromEntries(Object.keys(from).map((key) => [key, {}]))
              : from;
          to[segment] =
            typeof to[segment] === 'object' && typeof value === 'object' && value !== null
              ? { ...(value as object), ...(to[segment] as object) }
              : value;
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
