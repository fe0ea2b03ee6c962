/**
 * The contract between scripts/bench.ts and the suites in scripts/bench/*.ts.
 *
 * A suite is a file in scripts/bench/ whose name does not start with `_` and which exports
 * `suite: BenchSuite`. Files starting with `_` (like this one) are shared helpers, never run.
 * The runner picks suites up by file name, so adding a suite needs no change to the runner.
 */

export interface BenchContext {
  /** Repository root (where package.json and serverless.yml live). */
  rootDir: string;
  /** Every command-line argument after `scripts/bench.ts`, runner flags included; suites read their own. */
  argv: readonly string[];
  /** True with --json: stdout is reserved for the JSON document, so progress goes to log(). */
  json: boolean;
  /** Progress output; always stderr, so it never mixes with the JSON on stdout. */
  log(message: string): void;
}

export interface SuiteReport {
  /** Printed in table mode (plain text, already formatted). */
  text: string;
  /** JSON-serialisable results: printed under the suite's name with --json, written to .bench/<name>.json. */
  data: unknown;
  /** False when the suite measured something over its budget; undefined when it has no budget. */
  withinBudget?: boolean;
  /** False when something could not be measured at all (a build or a run failed). */
  ok: boolean;
}

export interface BenchSuite {
  /** Selected with `--only <name>`; also the file name of .bench/<name>.json. */
  name: string;
  description: string;
  /** Suite-specific flags, shown by `npm run bench -- --help`. */
  flags?: Record<string, string>;
  run(context: BenchContext): Promise<SuiteReport>;
}

/** `--name value` or `--name=value`; undefined when absent. */
export function option(argv: readonly string[], name: string): string | undefined {
  const flag = `--${name}`;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === flag) return argv[i + 1];
    if (arg?.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

export const hasFlag = (argv: readonly string[], name: string): boolean => argv.includes(`--${name}`);

export function intOption(argv: readonly string[], name: string, fallback: number, min = 1): number {
  const raw = option(argv, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

/** Nearest-rank percentile (p in 0..100) of a non-empty sample: always one of the measured values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export type Cell = string | number;
export type Align = 'left' | 'right';

/** A plain-text table; numbers are right-aligned unless told otherwise. */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  align?: readonly Align[],
): string {
  const text = (cell: Cell | undefined) => (cell === undefined ? '' : String(cell));
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => text(row[col]).length)));
  const alignOf = (col: number): Align =>
    align?.[col] ?? (rows.every((row) => typeof row[col] === 'number' || row[col] === undefined) ? 'right' : 'left');
  const line = (cells: readonly (Cell | undefined)[]) =>
    cells
      .map((cell, col) => {
        const width = widths[col] ?? 0;
        return alignOf(col) === 'right' ? text(cell).padStart(width) : text(cell).padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
