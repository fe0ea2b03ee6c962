/**
 * `npm run docs:figures`: measures with the benchmark suites and writes their figures into the
 * documentation's figure blocks (scripts/figures/blocks.ts), so no figure is typed by hand.
 *
 *   npm run docs:figures                           every suite with figures
 *   npm run docs:figures -- --only local-start     only these (comma-separated)
 *   npm run docs:figures -- --reuse                use .bench/<suite>.json when it measured today's code
 *
 * Other flags go to the suites (`npm run bench -- --help` lists them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURE_DOCUMENTS, FIGURE_INPUTS, figureInputs, replaceBlock } from './figures/blocks.js';
import { renderFigures, type BenchRecord } from './figures/render.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const onlyAt = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
const only =
  onlyAt < 0
    ? []
    : (argv[onlyAt]!.includes('=') ? argv[onlyAt]!.split('=')[1]! : (argv[onlyAt + 1] ?? ''))
        .split(',')
        .filter(Boolean);
const reuse = argv.includes('--reuse');
const suiteFlags = argv.filter(
  (arg, i) =>
    arg !== '--reuse' && !(onlyAt >= 0 && (i === onlyAt || (i === onlyAt + 1 && !argv[onlyAt]!.includes('=')))),
);

const suites = only.length > 0 ? only : Object.keys(FIGURE_INPUTS);
const unknown = suites.filter((suite) => !FIGURE_INPUTS[suite]);
if (unknown.length > 0) {
  console.error(
    `no figures come from suite ${unknown.join(', ')}; suites with figures: ${Object.keys(FIGURE_INPUTS).join(', ')}`,
  );
  process.exit(2);
}

const resultFile = (suite: string) => join(root, '.bench', `${suite}.json`);
const readRecord = (suite: string): BenchRecord | undefined =>
  existsSync(resultFile(suite)) ? (JSON.parse(readFileSync(resultFile(suite), 'utf8')) as BenchRecord) : undefined;

for (const suite of suites) {
  const current = figureInputs(root, suite);
  let record = reuse ? readRecord(suite) : undefined;
  if (record?.inputs !== current || !record.ok) {
    console.error(`docs:figures: measuring ${suite} (npm run bench -- --only ${suite} ${suiteFlags.join(' ')})`);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', 'bench.ts'), '--only', suite, ...suiteFlags],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    record = readRecord(suite);
    if (run.status !== 0 || !record?.ok || record.inputs !== current) {
      console.error(
        `docs:figures: ${suite} could not be measured (exit ${run.status}); its figures are left as they were`,
      );
      process.exitCode = 1;
      continue;
    }
  }
  for (const document of FIGURE_DOCUMENTS) {
    const path = join(root, document);
    const before = readFileSync(path, 'utf8');
    let after = before;
    for (const [part, content] of Object.entries(renderFigures(suite, record)))
      after = replaceBlock(after, suite, part, current, content);
    if (after !== before) {
      writeFileSync(path, after);
      console.error(`docs:figures: ${document}: ${suite} figures written`);
    }
  }
}
