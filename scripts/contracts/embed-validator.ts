import { formatExports } from '../../lib/schemas/formats.js';
import { compactValidator } from './compact-validator.js';
import { pruneSchemaConstants } from './prune-constants.js';

/**
 * Wraps one standalone module as a named constant; Ajv's runtime helpers, which it emits as
 * require() even in ESM mode, become imports so the bundler can tree-shake them.
 */
export function embed(name: string, source: string): { imports: string[]; body: string } {
  const imports: string[] = [];
  source = pruneSchemaConstants(source);
  const entry = /export default (\w+);/.exec(source)?.[1];
  if (!entry) throw new Error(`standalone code for ${name} has no default export`);
  const body = compactValidator(source)
    .replace(/^"use strict";/, '')
    .replace(/const (\w+) = require\("([^"]+)"\)(\.default)?;/g, (_m, local: string, from: string, dflt?: string) => {
      const alias = `${name}_${local}`;
      imports.push(`import ${alias} from "${from}.js";`);
      return dflt ? `const ${local} = ${alias}.default ?? ${alias};` : `const ${local} = ${alias};`;
    })
    // The format checks: each one by its own export, so a bundle keeps only the checks it calls.
    .replace(
      /require\("\.\.\/formats\.js"\)\.formats(?:\.([\w]+)|\["([\w-]+)"\])/g,
      (_m, plain?: string, quoted?: string) => {
        const format = (plain ?? quoted) as keyof typeof formatExports;
        const check = formatExports[format];
        if (!check)
          throw new Error(`${name}: no export checks the format "${format}" (lib/schemas/formats.ts formatExports)`);
        const alias = `${name}_${check}`;
        if (!imports.some((line) => line.includes(` as ${alias} `)))
          imports.push(`import { ${check} as ${alias} } from "../formats.js";`);
        return alias;
      },
    )
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
