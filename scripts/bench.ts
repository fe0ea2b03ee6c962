/**
 * `npm run bench`: runs the benchmark suites in scripts/bench/*.ts (files starting with `_` are
 * helpers). scripts/bench/<name>.ts exports `suite: BenchSuite` (scripts/bench/_suite.ts) named <name>; adding a file adds
 * a suite, nothing here changes.
 *
 *   npm run bench                         every suite, tables on stdout
 *   npm run bench -- --only cold-start    only these suites (comma-separated or repeated)
 *   npm run bench -- --json               one JSON document on stdout (progress stays on stderr)
 *   npm run bench -- --list | --help
 *   npm run bench -- --strict             exit 1 when a suite is over its budget
 *
 * Each suite's results are also written to .bench/<suite>.json. Exit status: 0 when every
 * selected suite ran (budgets are reported, not enforced, unless --strict), 1 when something
 * could not be measured, 2 on a usage error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasFlag, type BenchContext, type BenchSuite, type SuiteReport } from './bench/_suite.js';
import { FIGURE_INPUTS, figureInputs } from './figures/blocks.js';

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const suitesDir = join(rootDir, 'scripts', 'bench');
const resultsDir = join(rootDir, '.bench');
const argv = process.argv.slice(2);
const log = (message: string) => process.stderr.write(`${message}\n`);

const isSuite = (value: unknown): value is BenchSuite =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BenchSuite).name === 'string' &&
  typeof (value as BenchSuite).run === 'function';

/** Suite names are file names: scripts/bench/cold-start.ts is `cold-start`. */
function suiteNames(): string[] {
  return readdirSync(suitesDir)
    .filter((file) => file.endsWith('.ts') && !file.startsWith('_') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** Imports only the named suites, so one suite's heavy imports never slow another's run. */
async function loadSuites(names: readonly string[]): Promise<BenchSuite[]> {
  const suites: BenchSuite[] = [];
  for (const name of names) {
    const module = (await import(pathToFileURL(join(suitesDir, `${name}.ts`)).href)) as { suite?: unknown };
    if (!isSuite(module.suite)) throw new Error(`scripts/bench/${name}.ts does not export \`suite: BenchSuite\``);
    if (module.suite.name !== name)
      throw new Error(`scripts/bench/${name}.ts exports a suite named ${module.suite.name}; use the file name`);
    suites.push(module.suite);
  }
  return suites;
}

/** `--only a,b`, `--only=a`, repeatable; empty means every suite. */
function selected(): string[] {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--only') names.push(...(argv[i + 1] ?? '').split(','));
    else if (arg.startsWith('--only=')) names.push(...arg.slice('--only='.length).split(','));
  });
  return names.map((n) => n.trim()).filter(Boolean);
}

function usage(suites: BenchSuite[]): string {
  const lines = [
    'usage: npm run bench -- [--only <suite>[,<suite>]] [--json] [--strict] [--list] [suite flags]',
    '',
    'suites:',
    ...suites.flatMap((s) => [
      `  ${s.name.padEnd(14)} ${s.description}`,
      ...Object.entries(s.flags ?? {}).map(([flag, text]) => `    ${flag.padEnd(16)} ${text}`),
    ]),
  ];
  return lines.join('\n');
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: rootDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const available = suiteNames();
  if (hasFlag(argv, 'help') || hasFlag(argv, 'list')) {
    process.stdout.write(`${usage(await loadSuites(available))}\n`);
    return 0;
  }
  const wanted = selected();
  const unknown = wanted.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    log(`unknown suite: ${unknown.join(', ')}\n\n${usage(await loadSuites(available))}`);
    return 2;
  }
  const toRun = await loadSuites(wanted.length > 0 ? available.filter((name) => wanted.includes(name)) : available);
  const json = hasFlag(argv, 'json');
  const context: BenchContext = { rootDir, argv, json, log };
  const machine = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cpus: cpus().length,
    commit: gitCommit(),
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
  if (machine.loadAverage1m > machine.cpus) {
    log(
      `warning: load average ${machine.loadAverage1m} on ${machine.cpus} CPUs; timings will be noisy, compare ratios rather than milliseconds`,
    );
  }

  mkdirSync(resultsDir, { recursive: true });
  const out: Record<string, unknown> = {};
  let status = 0;
  for (const suite of toRun) {
    log(`== ${suite.name}: ${suite.description}`);
    const started = Date.now();
    // The code measured, so the documentation can tell figures of other code (scripts/figures/blocks.ts).
    const inputs = FIGURE_INPUTS[suite.name] ? figureInputs(rootDir, suite.name) : null;
    let report: SuiteReport;
    try {
      report = await suite.run(context);
    } catch (error) {
      log(`suite ${suite.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      out[suite.name] = { error: error instanceof Error ? error.message : String(error) };
      status = 1;
      continue;
    }
    const record = {
      suite: suite.name,
      finishedAt: new Date().toISOString(),
      durationMs: Date.now() - started,
      machine,
      ok: report.ok,
      withinBudget: report.withinBudget ?? null,
      inputs,
      argv,
      text: report.text,
      results: report.data,
    };
    const file = join(resultsDir, `${suite.name}.json`);
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    out[suite.name] = record;
    if (!json) process.stdout.write(`\n== ${suite.name}\n${report.text}\n`);
    log(`${suite.name}: ${((Date.now() - started) / 1000).toFixed(1)} s, results in .bench/${suite.name}.json`);
    if (!report.ok) status = 1;
    else if (report.withinBudget === false && hasFlag(argv, 'strict') && status === 0) status = 1;
  }
  if (json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return status;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
