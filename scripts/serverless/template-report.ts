/**
 * `npm run -s package:report [-- <package folder>]`, after `npm run package`: the resources of
 * each CloudFormation template in the package folder (.serverless by default) against the limit
 * of 450, and what cfn-lint finds in each. Exits 1 when a template is over the limit or cfn-lint
 * finds anything outside the ignore list (scripts/serverless/templates.ts).
 */
import { existsSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import {
  CFN_LINT_IGNORED,
  CFN_LINT_MISSING,
  cfnLintVersion,
  findCfnLint,
  lintTemplates,
  MAX_RESOURCES,
  packagedRegion,
  packagedTemplates,
  ROOT_TEMPLATE,
} from './templates.js';

const dir = resolve(process.argv[2] ?? '.serverless');
const templates = existsSync(dir) ? packagedTemplates(dir) : [];
if (templates.length === 0) {
  console.error(`No CloudFormation template in ${dir}: run npm run package first.`);
  process.exit(1);
}

const count = (record: object | undefined) => Object.keys(record ?? {}).length;
const functionsIn = (template: (typeof templates)[number]) =>
  Object.values(template.body.Resources).filter((r) => r.Type === 'AWS::Lambda::Function').length;
const over = templates.filter((t) => count(t.body.Resources) > MAX_RESOURCES);
const pad = (value: string | number, width: number) => String(value).padStart(width);

console.log(
  `${templates.length} templates in ${relative(process.cwd(), dir) || '.'}, at most ${MAX_RESOURCES} resources each:`,
);
console.log(`${pad('resources', 9)} ${pad('functions', 9)} ${pad('parameters', 10)} ${pad('outputs', 7)}  template`);
for (const template of templates) {
  const role =
    template.file === ROOT_TEMPLATE
      ? ' (root stack)'
      : template.file.includes('-nested-stack')
        ? ''
        : ' (first deployment: the deployment bucket)';
  const flag = count(template.body.Resources) > MAX_RESOURCES ? '  OVER THE LIMIT' : '';
  console.log(
    `${pad(count(template.body.Resources), 9)} ${pad(functionsIn(template), 9)} ${pad(count(template.body.Parameters), 10)} ${pad(count(template.body.Outputs), 7)}  ${template.file}${role}${flag}`,
  );
}
const nested = templates.filter((t) => t.file.includes('-nested-stack'));
const deployed =
  [...nested, ...templates.filter((t) => t.file === ROOT_TEMPLATE)].reduce(
    (sum, t) => sum + count(t.body.Resources),
    0,
  ) - nested.length;
console.log(`${deployed} resources over the root stack and its ${nested.length} nested stacks.`);

const cfnLint = findCfnLint();
if (!cfnLint) {
  console.error(CFN_LINT_MISSING);
  process.exit(1);
}
const findings = await lintTemplates(
  cfnLint,
  templates.map((t) => t.path),
  packagedRegion(dir),
);
const counted = findings.filter((f) => f.ignoredBecause === undefined);
console.log(`\n${await cfnLintVersion(cfnLint)}${packagedRegion(dir) ? ` (region ${packagedRegion(dir)})` : ''}:`);
for (const template of templates) {
  const own = findings.filter((f) => basename(f.file) === template.file);
  const errors = own.filter((f) => f.level === 'Error' && !f.ignoredBecause).length;
  const warnings = own.filter((f) => f.level !== 'Error' && !f.ignoredBecause).length;
  const ignored = own.length - errors - warnings;
  console.log(`  ${template.file}: ${errors} errors, ${warnings} warnings${ignored ? `, ${ignored} ignored` : ''}`);
  for (const f of own)
    console.log(
      `    ${f.rule} ${f.level}${f.line ? ` line ${f.line}` : ''}: ${f.message}${f.ignoredBecause ? ` (ignored: ${f.ignoredBecause})` : ''}`,
    );
}
const ignoredRules = Object.entries(CFN_LINT_IGNORED);
console.log(
  ignoredRules.length
    ? `Rules ignored: ${ignoredRules.map(([rule, why]) => `${rule} (${why})`).join('; ')}`
    : 'Rules ignored: none.',
);

if (over.length > 0 || counted.length > 0) process.exit(1);
